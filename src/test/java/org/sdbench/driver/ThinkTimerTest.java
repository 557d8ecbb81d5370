package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sdbench.driver.VirtualUserTest.MS;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.core.SdStep;
import org.sdbench.driver.VirtualUserTest.FakeService;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.measure.metrics.StepClock;
import org.sdbench.protocol.StepResult;

/** The think-time timer on a virtual clock (its turns run inline), and once on its own thread. */
class ThinkTimerTest {

    private static List<VirtualUser> users(Crowd crowd, int n) {
        SplittableRandom root = new SplittableRandom(7);
        List<VirtualUser> users = new ArrayList<>();
        for (int u = 1; u <= n; u++) {
            users.add(new VirtualUser(u, crowd, root.split()));
        }
        return users;
    }

    @Test
    void takeDue_equalAndLaterDueTimes_earliestFirstTiesByUserNumberLaterStay() {
        StepClock clock = new StepClock(0);
        // 4 users over a 2 ms ramp-up: log-on slots 0, 0.5, 1, 1.5 ms.
        Phases p = new Phases(0, 2 * MS, 10 * MS, 0, 4);
        Crowd crowd = VirtualUserTest.crowd(
                new FakeService(clock, 0, List.of()), p, MS, new RunMetrics(clock), new AtomicInteger(), () -> false);
        ThinkTimer timer = new ThinkTimer(clock, Runnable::run, () -> {});
        List<VirtualUser> users = users(crowd, 4);
        for (int i = users.size() - 1; i >= 0; i--) {
            timer.schedule(users.get(i));
        }
        List<VirtualUser> due = new ArrayList<>();
        long next = timer.takeDue(MS, due);
        assertEquals(List.of(1, 2, 3), due.stream().map(VirtualUser::userNo).toList());
        assertEquals(1_500_000L, next, "user 4 is due next, at its log-on slot");
        assertEquals(1, timer.waiting());
    }

    @Test
    void launchDue_manyUsers_eachKeepsItsOwnScheduleAndThroughputFollowsLittlesLaw() {
        StepClock clock = new StepClock(0);
        int n = 50;
        // 50 users log on over 1 s, then 10 s of instant answers and 200 ms think time (the
        // answers take no virtual time, as the turns here run one after another on this thread).
        Phases p = new Phases(0, 1_000 * MS, 10_000 * MS, 0, n);
        FakeService s = new FakeService(clock, 0, List.of());
        AtomicInteger loggedOn = new AtomicInteger();
        List<VirtualUser> users =
                users(VirtualUserTest.crowd(s, p, 200 * MS, new RunMetrics(clock), loggedOn, () -> false), n);
        VirtualUserTest.runAll(clock, users);
        assertEquals(n, s.logons);
        assertEquals(n, s.logoffs);
        assertEquals(0, loggedOn.get());
        long expected = 0;
        for (int u = 1; u <= n; u++) {
            List<Long> starts = s.startsOf(u);
            assertEquals(p.logonAt(u), starts.get(0), "user " + u + " steps first at its log-on slot");
            for (int i = 1; i < starts.size(); i++) {
                assertEquals(200 * MS, starts.get(i) - starts.get(i - 1), "user " + u + " step " + i);
            }
            // Every 200 ms from its log-on slot up to the end: Little's law, user by user.
            expected += (p.end() - p.logonAt(u) + 200 * MS - 1) / (200 * MS);
        }
        assertEquals(expected, s.calls.size());
    }

    @Test
    void drain_usersThinkingAndNotYetLoggedOn_allEndAtOnceWithoutAnotherStep() {
        StepClock clock = new StepClock(0);
        int n = 10;
        Phases p = new Phases(0, 10_000 * MS, 60_000 * MS, 0, n);
        FakeService s = new FakeService(clock, MS, List.of());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger loggedOn = new AtomicInteger();
        AtomicInteger ended = new AtomicInteger();
        ThinkTimer timer = new ThinkTimer(clock, Runnable::run, ended::incrementAndGet);
        users(VirtualUserTest.crowd(s, p, 300_000 * MS, new RunMetrics(clock), loggedOn, stop::get), n)
                .forEach(timer::schedule);
        clock.sleepUntil(4_500 * MS);
        timer.launchDue(clock.nanoTime());
        assertEquals(5, loggedOn.get(), "users 1-5 logged on (slots 0..4 s), each made its first step");
        assertEquals(5, s.calls.size());

        stop.set(true);
        timer.drain();
        long next = timer.launchDue(clock.nanoTime());
        assertEquals(Long.MAX_VALUE, next, "nobody waits any more");
        assertEquals(n, ended.get());
        assertEquals(0, loggedOn.get());
        assertEquals(5, s.logoffs, "the logged-on users logged off, the others never logged on");
        assertEquals(5, s.logons);
        assertEquals(5, s.calls.size(), "no step after the stop");
    }

    @Test
    void launchDue_stepThrows_userLogsOffAndCountsAsEnded() {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 1_000 * MS, 0, 1);
        FakeService s = new FakeService(clock, MS, List.of()) {
            @Override
            public StepResult dialogStep(int userNo, SdStep step) {
                throw new IllegalStateException("work process failed");
            }
        };
        AtomicInteger loggedOn = new AtomicInteger();
        AtomicInteger ended = new AtomicInteger();
        ThinkTimer timer = new ThinkTimer(clock, Runnable::run, ended::incrementAndGet);
        users(VirtualUserTest.crowd(s, p, MS, new RunMetrics(clock), loggedOn, () -> false), 1)
                .forEach(timer::schedule);
        assertThrows(IllegalStateException.class, () -> timer.launchDue(0));
        assertEquals(1, ended.get());
        assertEquals(1, s.logoffs);
        assertEquals(0, loggedOn.get());
        assertEquals(0, timer.waiting());
    }

    @Test
    void run_userScheduledBeforeTheOneItWaitsFor_isStartedWithoutWaitingForTheLater() throws Exception {
        Clock clock = Clock.SYSTEM;
        long now = clock.nanoTime();
        // User 1 of 2 logs on now, user 2 after a 10 min ramp-up slot: the timer first sleeps for user 2.
        Phases p = new Phases(
                now, Duration.ofMinutes(20).toNanos(), Duration.ofMinutes(1).toNanos(), 0, 2);
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger turns = new AtomicInteger();
        FakeService s = new FakeService(new StepClock(0), 0, List.of());
        Crowd crowd =
                new Crowd(s, new RunMetrics(clock), clock, p, new ThinkTime(0, 0), new AtomicInteger(), () -> false);
        List<VirtualUser> users = users(crowd, 2);
        ThinkTimer timer = new ThinkTimer(
                clock,
                r -> {
                    turns.incrementAndGet();
                    started.countDown();
                },
                () -> {});
        timer.schedule(users.get(1));
        Thread t = Thread.ofPlatform().name("think-timer-test").start(timer);
        try {
            timer.schedule(users.get(0));
            // Sooner than the timer's longest wait: the new earliest user woke it, no timeout did.
            assertTrue(
                    started.await(ThinkTimer.MAX_WAIT_NANOS * 9 / 10, TimeUnit.NANOSECONDS),
                    "user 1's turn started while the timer waited for user 2, 10 min away");
            assertEquals(1, turns.get());
            assertEquals(1, timer.waiting(), "user 2 still waits");
        } finally {
            timer.close();
            t.join(Duration.ofSeconds(10));
        }
        assertFalse(t.isAlive(), "close ends the timer thread");
    }
}
