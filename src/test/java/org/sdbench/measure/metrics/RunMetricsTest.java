package org.sdbench.measure.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;

class RunMetricsTest {

    private static final long MS = 1_000_000L;
    private final StepClock clock = new StepClock(0);
    private final RunMetrics metrics = new RunMetrics(clock);

    private static StepResult ok(SdStep step, int lineItems) {
        return new StepResult(
                step,
                StepOutcome.Ok.INSTANCE,
                new StepTimes(2 * MS, MS, 10 * MS, 30 * MS, 4, MS / 2, MS / 4, 0, 3 * MS, 40),
                lineItems);
    }

    @Test
    void summary_uniformResponses_percentilesWithinHistogramPrecisionAndExactAverage() {
        for (int i = 1; i <= 1_000; i++) {
            metrics.record(ok(SdStep.VA01_ITEMS, 0), i * MS);
        }
        clock.advance(60_000 * MS);
        metrics.interval(true);
        StepStats s = metrics.summary().steps().get(SdStep.VA01_ITEMS.ordinal());

        assertEquals("VA01/items", s.label());
        assertEquals(1_000, s.count());
        assertEquals(500.5, s.response().avgMs(), 1e-9);
        assertEquals(500, s.response().p50Ms(), 0.5);
        assertEquals(900, s.response().p90Ms(), 1);
        assertEquals(950, s.response().p95Ms(), 1);
        assertEquals(990, s.response().p99Ms(), 1);
        assertEquals(1_000, s.response().maxMs(), 1);
    }

    @Test
    void summary_components_averagedPerStepInMs() {
        metrics.record(ok(SdStep.VA03_ENTER_ORDER, 0), 50 * MS);
        metrics.record(ok(SdStep.VA03_ENTER_ORDER, 0), 70 * MS);
        metrics.interval(true);
        StepStats s = metrics.summary().steps().get(SdStep.VA03_ENTER_ORDER.ordinal());

        assertEquals(new Components(2, 1, 10, 30, 0.5, 0.25, 0, 3), s.avg());
        assertEquals(4.0, s.dbCallsPerStep());
        assertEquals(40.0, s.dbRowsPerStep());
        assertEquals(60, s.response().avgMs(), 1e-9);
    }

    @Test
    void summary_onlyWindowSpansCount_rampUpAndDownExcluded() {
        metrics.record(ok(SdStep.VA01_INITIAL, 0), 5_000 * MS);
        clock.advance(100_000 * MS);
        metrics.interval(false);
        metrics.record(ok(SdStep.VA01_INITIAL, 0), 100 * MS);
        clock.advance(3_600_000 * MS);
        Interval measured = metrics.interval(true);
        metrics.record(ok(SdStep.VA01_INITIAL, 0), 9_000 * MS);
        clock.advance(50_000 * MS);
        metrics.interval(false);

        Summary sum = metrics.summary();
        assertEquals(3_600, sum.windowSeconds(), 1e-9);
        assertEquals(1, sum.overall().count());
        assertEquals(100, sum.overall().response().maxMs(), 0.1);
        assertEquals(1, sum.dialogStepsPerHour(), 1e-9);
        assertEquals(3_600, measured.seconds(), 1e-9);
        assertTrue(measured.inWindow());
    }

    @Test
    void interval_reportsOnlyItsOwnSpan_cumulativeUndisturbed() {
        for (int i = 0; i < 100; i++) {
            metrics.record(ok(SdStep.VA05_LIST_ORDERS, 0), 10 * MS);
        }
        clock.advance(10_000 * MS);
        Interval first = metrics.interval(true);
        for (int i = 0; i < 100; i++) {
            metrics.record(ok(SdStep.VA05_LIST_ORDERS, 0), (i < 90 ? 20 : 200) * MS);
        }
        clock.advance(10_000 * MS);
        Interval second = metrics.interval(true);

        assertEquals(100, first.steps());
        assertEquals(10, first.avgMs(), 1e-9);
        assertEquals(10, first.p95Ms(), 0.01);
        assertEquals(100, second.steps());
        assertEquals(38, second.avgMs(), 1e-9);
        assertEquals(200, second.p95Ms(), 0.2);
        assertEquals(36_000, second.dialogStepsPerHour(), 1e-6);
        Summary sum = metrics.summary();
        assertEquals(200, sum.overall().count());
        assertEquals(24, sum.overall().response().avgMs(), 1e-9);
        assertEquals(0, metrics.interval(true).steps(), "a drained span is not reported twice");
    }

    @Test
    void summary_transactions_aggregateTheirStepsInLoopOrder() {
        for (SdStep step : SdStep.LOOP) {
            metrics.record(ok(step, step == SdStep.VF01_SAVE ? 5 : 0), step.number() * 100 * MS);
        }
        clock.advance(15 * 10_000 * MS);
        metrics.interval(true);
        Summary sum = metrics.summary();

        assertEquals(6, sum.transactions().size());
        StepStats va01 = sum.transactions().get(0);
        assertEquals("VA01", va01.label());
        assertEquals(4, va01.count());
        assertEquals(250, va01.response().avgMs(), 1e-9);
        assertEquals(400, va01.response().maxMs(), 0.5);
        assertEquals("VF01", sum.transactions().get(5).label());
        assertEquals(15, sum.overall().count());
        assertEquals(5, sum.overall().lineItems());
        assertEquals(1, sum.orders());
        assertEquals(1, sum.deliveries());
        assertEquals(1, sum.invoices());
        double hours = 150.0 / 3600;
        assertEquals(5 / hours / 20, sum.sapsLike(), 1e-6);
        assertEquals(15 / hours / 60, sum.sapsLikeFromDialogSteps(), 1e-6, "a complete loop: both definitions agree");
    }

    @Test
    void record_failedSteps_countedByKindAndInResponseTimeNotInThroughput() {
        metrics.record(ok(SdStep.VA01_SAVE, 0), 100 * MS);
        metrics.record(
                new StepResult(SdStep.VA01_SAVE, new StepOutcome.LockConflict("EVVBAKE", "1", "u7"), StepTimes.ZERO, 0),
                10_000 * MS);
        metrics.record(
                new StepResult(SdStep.VL01N_SAVE, new StepOutcome.DbError("40P01", "deadlock"), StepTimes.ZERO, 0),
                10_000 * MS);
        Interval iv = metrics.interval(true);
        Summary sum = metrics.summary();

        assertEquals(2, iv.errors());
        assertEquals(Map.of("lock-conflict", 1L, "db-error-40P01", 1L), sum.errorsByKind());
        assertEquals(1, sum.steps().get(SdStep.VA01_SAVE.ordinal()).errors());
        assertEquals(10_000, sum.overall().response().maxMs(), 10);
        assertEquals((100 + 10_000 + 10_000) / 3.0, sum.overall().response().avgMs(), 1e-6);
        assertEquals((100 + 10_000 + 10_000) / 3.0, iv.avgMs(), 1e-6);
        assertEquals(1, sum.overall().count(), "only the successful step counts as throughput");
        assertEquals(1, sum.orders());
        assertEquals(0, sum.deliveries());
    }

    @Test
    void summary_thinkLagAndUpdateTask_reportedForWindow() {
        metrics.recordThinkLag(-5 * MS);
        metrics.recordThinkLag(40 * MS);
        metrics.recordUpdate(300 * MS, 80 * MS, 10 * MS);
        metrics.recordUpdate(500 * MS, 90 * MS, 20 * MS);
        metrics.recordUpdateError();
        metrics.recordUpdateQueueLength(7);
        metrics.recordUpdateQueueLength(3);
        Interval iv = metrics.interval(true);
        metrics.recordUpdateQueueLength(2);
        Interval next = metrics.interval(true);
        Summary sum = metrics.summary();

        assertEquals(2, iv.updates());
        assertEquals(7, iv.updateQueueMax());
        assertEquals(40, iv.thinkLagP95Ms(), 0.05);
        assertEquals(2, next.updateQueueMax());
        assertEquals(2, sum.thinkLag().count());
        assertEquals(40, sum.thinkLag().maxMs(), 0.05);
        UpdateStats u = sum.update();
        assertEquals(2, u.updates());
        assertEquals(1, u.errors());
        assertEquals(85, u.avgV1DbMs(), 1e-9);
        assertEquals(15, u.avgV2DbMs(), 1e-9);
        assertEquals(7, u.maxQueueLength());
        assertEquals(400, u.saveToCommitted().avgMs(), 0.5);
        assertEquals(500, u.saveToCommitted().maxMs(), 0.5);
    }

    @Test
    void summary_lateSteps_countsOnlyStepsMoreThanTenMillisecondsBehindInTheWindow() {
        metrics.recordThinkLag(50 * MS);
        metrics.interval(false);
        for (long lag : new long[] {0, 5 * MS, 10 * MS, 11 * MS, 250 * MS}) {
            metrics.recordThinkLag(lag);
        }
        metrics.interval(true);
        assertEquals(2, metrics.summary().lateSteps(), "11 ms and 250 ms; the ramp-up one is not in the window");
    }

    @Test
    void record_responseBeyondOneHour_clampedNotThrown() {
        metrics.record(ok(SdStep.VA01_INITIAL, 0), 2 * 3_600_000 * MS);
        metrics.interval(true);
        assertEquals(3_600_000, metrics.summary().overall().response().maxMs(), 3_600);
    }

    @Test
    void summary_nothingRecorded_zerosNotNaN() {
        Summary sum = metrics.summary();
        assertEquals(Latency.EMPTY, sum.overall().response());
        assertEquals(0, sum.dialogStepsPerHour());
        assertEquals(0, sum.overall().dbCallsPerStep());
        assertEquals(0, sum.update().avgV1DbMs());
    }
}
