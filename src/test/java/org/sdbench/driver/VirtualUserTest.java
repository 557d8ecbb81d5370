package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sdbench.core.SdStep;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.measure.metrics.StepClock;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;

/**
 * Users on a virtual clock, their turns started by a {@link ThinkTimer} on the test's thread: the
 * clock jumps to the next due turn, so the schedule is checked exactly, without sleeping.
 */
class VirtualUserTest {
    static final long MS = 1_000_000L;

    /** Answers every step after {@code responseNs} of virtual time, failing the steps it is told to. */
    static class FakeService implements DialogService {
        final StepClock clock;
        final long responseNs;
        final List<SdStep> failOnce;
        /** One entry per step: user number, start time. */
        final List<long[]> calls = new ArrayList<>();

        final List<SdStep> steps = new ArrayList<>();
        int abandoned;
        int logons;
        int logoffs;

        FakeService(StepClock clock, long responseNs, List<SdStep> failOnce) {
            this.clock = clock;
            this.responseNs = responseNs;
            this.failOnce = new ArrayList<>(failOnce);
        }

        @Override
        public void logon(int userNo) {
            logons++;
        }

        @Override
        public StepResult dialogStep(int userNo, SdStep step) {
            calls.add(new long[] {userNo, clock.nanoTime()});
            steps.add(step);
            clock.advance(responseNs);
            StepOutcome o = failOnce.remove(step) ? new StepOutcome.Timeout("test") : StepOutcome.Ok.INSTANCE;
            return new StepResult(step, o, StepTimes.ZERO, 0);
        }

        @Override
        public void abandonLoop(int userNo) {
            abandoned++;
        }

        @Override
        public void logoff(int userNo) {
            logoffs++;
        }

        /** Answers inline, as {@link #dialogStep} does, when {@code async}; counts the steps it took so. */
        boolean async;

        int sent;

        @Override
        public boolean sendStep(int userNo, SdStep step, Consumer<StepResult> answer) {
            if (!async) {
                return false;
            }
            sent++;
            answer.accept(dialogStep(userNo, step));
            return true;
        }

        List<Long> startsOf(int userNo) {
            return calls.stream().filter(c -> c[0] == userNo).map(c -> c[1]).toList();
        }
    }

    static Crowd crowd(
            FakeService s, Phases p, long thinkNs, RunMetrics metrics, AtomicInteger loggedOn, BooleanSupplier stop) {
        return new Crowd(s, metrics, s.clock, p, new ThinkTime(thinkNs, 0), loggedOn, stop);
    }

    /** Runs the users' turns inline, jumping the clock to each next due turn, until all ended; returns the timer. */
    static ThinkTimer runAll(StepClock clock, List<VirtualUser> users) {
        AtomicInteger ended = new AtomicInteger();
        ThinkTimer timer = new ThinkTimer(clock, Runnable::run, ended::incrementAndGet);
        users.forEach(timer::schedule);
        while (ended.get() < users.size()) {
            long next = timer.launchDue(clock.nanoTime());
            if (ended.get() < users.size()) {
                assertNotEquals(Long.MAX_VALUE, next, "a user that has not ended waits for a turn");
                clock.sleepUntil(next);
            }
        }
        return timer;
    }

    private static void runOne(FakeService s, Phases p, long thinkNs) {
        var user = new VirtualUser(
                1,
                crowd(s, p, thinkNs, new RunMetrics(s.clock), new AtomicInteger(), () -> false),
                new SplittableRandom(1));
        assertEquals(0, runAll(s.clock, List.of(user)).waiting(), "no user left in the timer");
    }

    @ParameterizedTest(name = "answered asynchronously: {0}")
    @ValueSource(booleans = {false, true})
    void run_fixedThinkTime_stepsStartExactlyResponsePlusThinkApart(boolean async) {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 1_000 * MS, 0, 1);
        FakeService s = new FakeService(clock, 20 * MS, List.of());
        s.async = async;
        runOne(s, p, 80 * MS);
        assertEquals(
                async ? 9 : 0,
                s.sent,
                "every step after the log-on turn's goes out without a thread where the service can");
        assertEquals(10, s.calls.size(), "1 s / (20 ms response + 80 ms think) = 10 steps");
        for (int i = 0; i < s.calls.size(); i++) {
            assertEquals(i * 100 * MS, s.calls.get(i)[1]);
            assertEquals(SdStep.LOOP.get(i % 15), s.steps.get(i));
        }
        assertEquals(1, s.logons);
        assertEquals(1, s.logoffs);
    }

    @ParameterizedTest(name = "answered asynchronously: {0}")
    @ValueSource(booleans = {false, true})
    void run_fullLoopTwice_walksTheFifteenStepsInOrder(boolean async) {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 30 * 10 * MS, 0, 1);
        FakeService s = new FakeService(clock, 1 * MS, List.of());
        s.async = async;
        runOne(s, p, 9 * MS);
        assertEquals(30, s.steps.size());
        assertEquals(SdStep.LOOP, s.steps.subList(0, 15));
        assertEquals(SdStep.LOOP, s.steps.subList(15, 30));
    }

    @ParameterizedTest(name = "answered asynchronously: {0}")
    @ValueSource(booleans = {false, true})
    void run_failedStep_abandonsLoopAndRestartsAtVa01AfterThinkTime(boolean async) {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 200 * MS, 0, 1);
        FakeService s = new FakeService(clock, 10 * MS, List.of(SdStep.VL01N_SELECT_ORDER));
        s.async = async;
        runOne(s, p, 10 * MS);
        int failed = s.steps.indexOf(SdStep.VL01N_SELECT_ORDER);
        assertEquals(4, failed);
        assertEquals(SdStep.VA01_INITIAL, s.steps.get(failed + 1), "the next loop starts over");
        assertEquals(20 * MS, s.calls.get(failed + 1)[1] - s.calls.get(failed)[1], "after the usual response + think");
        assertEquals(1, s.abandoned);
    }

    @ParameterizedTest(name = "answered asynchronously: {0}")
    @ValueSource(booleans = {false, true})
    void run_rampUpSlot_logsOnAtItsTimeAndStopsAtEnd(boolean async) {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 1_000 * MS, 500 * MS, 500 * MS, 1);
        FakeService s = new FakeService(clock, 50 * MS, List.of());
        s.async = async;
        runOne(s, p, 450 * MS);
        assertEquals(0, s.calls.get(0)[1], "user 1 of 1 logs on at the start");
        long last = s.calls.get(s.calls.size() - 1)[1];
        assertTrue(last < p.end(), "no step starts at or after the end");
        assertEquals(4, s.calls.size(), "2 s at 500 ms per step");
        assertEquals(1, s.logoffs);
    }

    @ParameterizedTest(name = "answered asynchronously: {0}")
    @ValueSource(booleans = {false, true})
    void run_everyStep_thinkLagRecordedExactlyOnce(boolean async) {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 1_000 * MS, 0, 1);
        FakeService s = new FakeService(clock, 20 * MS, List.of());
        s.async = async;
        RunMetrics metrics = new RunMetrics(clock);
        var user = new VirtualUser(
                1, crowd(s, p, 80 * MS, metrics, new AtomicInteger(), () -> false), new SplittableRandom(1));
        runAll(clock, List.of(user));
        metrics.interval(true);
        assertEquals(s.calls.size(), metrics.summary().thinkLag().count(), "one lag per step, whichever way it went");
        assertEquals(0, metrics.summary().thinkLag().maxMs(), "on a virtual clock every step starts on time");
    }

    @Test
    void sendStep_serviceThrowsWhenSending_userLogsOffAndTheTimerGoesOn() {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 1_000 * MS, 0, 1);
        FakeService s = new FakeService(clock, 10 * MS, List.of()) {
            @Override
            public boolean sendStep(int userNo, SdStep step, Consumer<StepResult> answer) {
                throw new IllegalStateException("the dispatcher refused the step");
            }
        };
        runOne(s, p, 10 * MS);
        assertEquals(1, s.calls.size(), "only the log-on turn's step, sent on its thread");
        assertEquals(1, s.logoffs);
    }

    @Test
    void sendStep_answerCannotBeFinished_userLogsOffInItsNextTurn() {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 1_000 * MS, 0, 1);
        FakeService s = new FakeService(clock, 10 * MS, List.of()) {
            @Override
            public void abandonLoop(int userNo) {
                throw new IllegalStateException("a bug in abandoning the loop");
            }
        };
        s.async = true;
        s.failOnce.add(SdStep.VA01_HEADER);
        runOne(s, p, 10 * MS);
        assertEquals(1, s.sent, "the log-on turn's step ran on its thread, the second went out without one");
        assertEquals(2, s.calls.size(), "no step after the one whose answer could not be finished");
        assertEquals(1, s.logoffs, "the user still logs off, and the run still ends");
    }
}
