package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.metrics.StepClock;
import org.sdbench.protocol.SdStep;

/** One user on a virtual clock: every sleep jumps the clock, so the schedule is checked exactly, without sleeping. */
class VirtualUserTest {
    private static final long MS = 1_000_000L;

    /** Answers every step after {@code responseNs} of virtual time, failing the steps it is told to. */
    private static final class FakeService implements DialogService {
        final StepClock clock;
        final long responseNs;
        final List<SdStep> failOnce;
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
            calls.add(new long[] {clock.nanoTime()});
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
    }

    private static VirtualUser user(FakeService s, Phases p, long thinkNs) {
        return new VirtualUser(1, s, new RunMetrics(s.clock), s.clock, p, new ThinkTime(thinkNs, 0),
                new SplittableRandom(1), new AtomicInteger(), () -> false);
    }

    @Test
    void run_fixedThinkTime_stepsStartExactlyResponsePlusThinkApart() {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 1_000 * MS, 0, 1);
        FakeService s = new FakeService(clock, 20 * MS, List.of());
        user(s, p, 80 * MS).run();
        assertEquals(10, s.calls.size(), "1 s / (20 ms response + 80 ms think) = 10 steps");
        for (int i = 0; i < s.calls.size(); i++) {
            assertEquals(i * 100 * MS, s.calls.get(i)[0]);
            assertEquals(SdStep.LOOP.get(i % 15), s.steps.get(i));
        }
        assertEquals(1, s.logons);
        assertEquals(1, s.logoffs);
    }

    @Test
    void run_fullLoopTwice_walksTheFifteenStepsInOrder() {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 30 * 10 * MS, 0, 1);
        FakeService s = new FakeService(clock, 1 * MS, List.of());
        user(s, p, 9 * MS).run();
        assertEquals(30, s.steps.size());
        assertEquals(SdStep.LOOP, s.steps.subList(0, 15));
        assertEquals(SdStep.LOOP, s.steps.subList(15, 30));
    }

    @Test
    void run_failedStep_abandonsLoopAndRestartsAtVa01AfterThinkTime() {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 0, 200 * MS, 0, 1);
        FakeService s = new FakeService(clock, 10 * MS, List.of(SdStep.VL01N_SELECT_ORDER));
        user(s, p, 10 * MS).run();
        int failed = s.steps.indexOf(SdStep.VL01N_SELECT_ORDER);
        assertEquals(4, failed);
        assertEquals(SdStep.VA01_INITIAL, s.steps.get(failed + 1), "the next loop starts over");
        assertEquals(20 * MS, s.calls.get(failed + 1)[0] - s.calls.get(failed)[0], "after the usual response + think");
        assertEquals(1, s.abandoned);
    }

    @Test
    void run_rampUpSlot_logsOnAtItsTimeAndStopsAtEnd() {
        StepClock clock = new StepClock(0);
        Phases p = new Phases(0, 1_000 * MS, 500 * MS, 500 * MS, 1);
        FakeService s = new FakeService(clock, 50 * MS, List.of());
        user(s, p, 450 * MS).run();
        assertEquals(0, s.calls.get(0)[0], "user 1 of 1 logs on at the start");
        long last = s.calls.get(s.calls.size() - 1)[0];
        assertTrue(last < p.end(), "no step starts at or after the end");
        assertEquals(4, s.calls.size(), "2 s at 500 ms per step");
    }
}
