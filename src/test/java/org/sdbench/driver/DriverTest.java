package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.core.SdStep;
import org.sdbench.measure.metrics.Interval;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.measure.metrics.StepClock;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;

class DriverTest {
    private static final long S = 1_000_000_000L;

    /** Answers at once; counts steps and log-ons. */
    private static final class InstantService implements DialogService {
        final AtomicLong steps = new AtomicLong();
        final AtomicLong logons = new AtomicLong();
        final AtomicLong logoffs = new AtomicLong();
        final CountDownLatch everyLogon = new CountDownLatch(50);

        @Override
        public void logon(int userNo) {
            logons.incrementAndGet();
            everyLogon.countDown();
        }

        @Override
        public StepResult dialogStep(int userNo, SdStep step) {
            steps.incrementAndGet();
            return new StepResult(step, StepOutcome.Ok.INSTANCE, StepTimes.ZERO, 0);
        }

        @Override
        public void abandonLoop(int userNo) {}

        @Override
        public void logoff(int userNo) {
            logoffs.incrementAndGet();
        }
    }

    @Test
    void requestStop_midWindow_usersLogOffAndWindowSoFarIsReported() throws Exception {
        InstantService service = new InstantService();
        RunMetrics metrics = new RunMetrics(Clock.SYSTEM);
        Phases phases =
                Phases.of(Clock.SYSTEM.nanoTime(), Duration.ofMillis(100), Duration.ofMinutes(10), Duration.ZERO, 50);
        Driver driver = new Driver(
                service,
                metrics,
                Clock.SYSTEM,
                phases,
                new ThinkTime(10_000_000L, 0),
                1,
                200_000_000L,
                Duration.ofSeconds(30));
        var windowHarvested = new CountDownLatch(1);
        var run = CompletableFuture.supplyAsync(() -> {
            try {
                return driver.run(i -> {
                    if (i.inWindow() && i.steps() > 0) {
                        windowHarvested.countDown();
                    }
                });
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        // Stopped once every user has logged on and part of the window was harvested with steps in it,
        // however slowly a loaded host gets there: the harvests go by the clock, the log-ons do not.
        assertTrue(service.everyLogon.await(1, TimeUnit.MINUTES), "every user logged on");
        assertTrue(windowHarvested.await(1, TimeUnit.MINUTES), "an interval of the window was harvested");
        driver.requestStop();
        var intervals = run.get(10, TimeUnit.SECONDS);
        assertEquals(50, service.logons.get());
        assertEquals(50, service.logoffs.get(), "every user logged off");
        assertTrue(intervals.stream().anyMatch(Interval::inWindow), "the window so far was harvested");
        var summary = metrics.summary();
        assertTrue(summary.overall().count() > 0);
        assertTrue(summary.windowSeconds() < 10, "window is what ran, not the configured 10 minutes");
    }

    @Test
    void run_reporterLateBeyondTheWholeRun_stillHarvestsEachPhaseOnce() throws Exception {
        StepClock clock = new StepClock(0);
        Phases phases = new Phases(0, S, S, S, 3);
        // The reporter first looks at the clock 10 s after the start: every boundary is behind it.
        clock.advance(10 * S);
        InstantService service = new InstantService();
        Driver driver = new Driver(
                service,
                new RunMetrics(clock),
                clock,
                phases,
                new ThinkTime(S / 10, 0),
                1,
                5 * S,
                Duration.ofSeconds(30));
        var intervals = driver.run(i -> {});
        assertEquals(1, intervals.stream().filter(Interval::inWindow).count(), "the window harvested once");
        assertEquals(3, service.logons.get());
        assertEquals(3, service.logoffs.get());
        assertEquals(0, service.steps.get(), "no step starts after the end");
    }

    /** A clock that moves only when slept on, and holds every sleep reaching {@code gateAt} until {@code open}. */
    private static final class GatedClock implements Clock {
        final AtomicLong now = new AtomicLong();
        final long gateAt;
        final CountDownLatch open = new CountDownLatch(1);

        GatedClock(long gateAt) {
            this.gateAt = gateAt;
        }

        @Override
        public long nanoTime() {
            return now.get();
        }

        @Override
        public long wallMillis() {
            return 1_700_000_000_000L + now.get() / 1_000_000;
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
            if (deadlineNanos >= gateAt && !open.await(1, TimeUnit.MINUTES)) {
                throw new AssertionError("the gate never opened");
            }
            now.accumulateAndGet(deadlineNanos, Math::max);
        }
    }

    /** Answers user 1's first step never (until the run stops waiting for it). */
    private static final class StuckService implements DialogService {
        final CountDownLatch sent = new CountDownLatch(1);

        @Override
        public void logon(int userNo) {}

        @Override
        public StepResult dialogStep(int userNo, SdStep step) throws InterruptedException {
            sent.countDown();
            new CountDownLatch(1).await();
            throw new AssertionError("unreachable");
        }

        @Override
        public void abandonLoop(int userNo) {}

        @Override
        public void logoff(int userNo) {}
    }

    @Test
    void run_stepStuckSinceRampUp_countedOnceInTheWindowAndItsUserNamed() throws Exception {
        Phases phases = new Phases(0, S, S, 0, 1);
        GatedClock clock = new GatedClock(phases.windowStart());
        StuckService service = new StuckService();
        RunMetrics metrics = new RunMetrics(clock);
        Driver driver = new Driver(service, metrics, clock, phases, new ThinkTime(S / 10, 0), 1, 5 * S, Duration.ZERO);
        var run = CompletableFuture.supplyAsync(() -> {
            try {
                return driver.run(i -> {});
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        // The window starts only once the step is out: it was sent in the ramp-up.
        assertTrue(service.sent.await(1, TimeUnit.MINUTES), "the step was sent");
        clock.open.countDown();
        var intervals = run.get(1, TimeUnit.MINUTES);

        var summary = metrics.summary();
        assertEquals(java.util.Map.of("timeout", 1L), summary.errorsByKind(), "counted in the window, once");
        assertEquals(java.util.List.of(1), summary.stuckUsers());
        assertEquals(1, summary.overall().errors());
        assertEquals(2000.0, summary.overall().response().maxMs(), 2.0, "it waited since it was sent");
        assertEquals(
                1,
                intervals.stream()
                        .filter(Interval::inWindow)
                        .mapToLong(Interval::errors)
                        .sum(),
                "visible in the window's interval too");
        assertEquals(1, driver.unanswered(), "the run still says it stopped waiting for it");
    }
}
