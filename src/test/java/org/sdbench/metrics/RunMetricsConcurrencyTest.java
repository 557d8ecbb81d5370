package org.sdbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.protocol.SdStep;

class RunMetricsConcurrencyTest {

    private static final StepTimes TIMES = new StepTimes(1_000, 2_000, 3_000, 4_000, 2, 0, 0, 0, 5_000, 0);

    @Test
    void record_thousandsOfVirtualThreadsWhileHarvesting_nothingLostOrDoubled() throws Exception {
        RunMetrics metrics = new RunMetrics(Clock.SYSTEM);
        int threads = 2_000;
        int perThread = 150;
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong harvested = new AtomicLong();
        Thread reporter = Thread.ofPlatform().start(() -> {
            while (!done.get()) {
                harvested.addAndGet(metrics.interval(true).steps());
                Thread.onSpinWait();
            }
        });
        List<Thread> users = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            users.add(Thread.ofVirtual().start(() -> {
                for (int i = 0; i < perThread; i++) {
                    SdStep step = SdStep.LOOP.get((id + i) % 15);
                    metrics.record(new StepResult(step, StepOutcome.Ok.INSTANCE, TIMES, 0), 1_000_000L * (1 + i % 10));
                    metrics.recordThinkLag(i);
                }
            }));
        }
        for (Thread u : users) {
            u.join();
        }
        done.set(true);
        reporter.join();
        harvested.addAndGet(metrics.interval(true).steps());

        Summary sum = metrics.summary();
        long total = (long) threads * perThread;
        assertEquals(total, harvested.get());
        assertEquals(total, sum.overall().count());
        assertEquals(total, sum.thinkLag().count());
        assertEquals(5.5, sum.overall().response().avgMs(), 1e-9);
        assertEquals(0.001, sum.overall().avg().waitMs(), 1e-12);
        assertEquals(2.0, sum.overall().dbCallsPerStep(), 1e-12);
        assertEquals(total / 15, sum.steps().get(0).count());
    }

    @Test
    void record_platformThreadsPastTheirBuffersWhileHarvesting_nothingLostOrDoubled() throws Exception {
        RunMetrics metrics = new RunMetrics(Clock.SYSTEM);
        // More threads than get a buffer of their own, each filling its buffer many times over.
        int threads = RunMetrics.MAX_BUFFERS + 4;
        int perThread = 3 * RecordBuffer.CAPACITY + 7;
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong harvestedSteps = new AtomicLong();
        AtomicLong harvestedErrors = new AtomicLong();
        Thread reporter = Thread.ofPlatform().start(() -> {
            while (!done.get()) {
                Interval i = metrics.interval(true);
                harvestedSteps.addAndGet(i.steps());
                harvestedErrors.addAndGet(i.errors());
                Thread.onSpinWait();
            }
        });
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perThread; i++) {
                    SdStep step = SdStep.LOOP.get((id + i) % 15);
                    StepOutcome o = i % 10 == 9 ? new StepOutcome.DbError("40P01", "deadlock") : StepOutcome.Ok.INSTANCE;
                    metrics.record(new StepResult(step, o, TIMES, 1), 1_000_000L * (1 + i % 10));
                    metrics.recordThinkLag(i);
                }
            }));
        }
        for (Thread w : workers) {
            w.join();
        }
        done.set(true);
        reporter.join();
        Interval last = metrics.interval(true);
        harvestedSteps.addAndGet(last.steps());
        harvestedErrors.addAndGet(last.errors());

        Summary sum = metrics.summary();
        long total = (long) threads * perThread;
        long errors = (long) threads * (perThread / 10);
        assertEquals(total - errors, harvestedSteps.get());
        assertEquals(errors, harvestedErrors.get());
        assertEquals(total - errors, sum.overall().count());
        assertEquals(errors, sum.overall().errors());
        assertEquals(errors, sum.errorsByKind().values().stream().mapToLong(Long::longValue).sum());
        assertEquals(total, sum.overall().response().count());
        assertEquals(total, sum.thinkLag().count());
        assertEquals(2.0, sum.overall().dbCallsPerStep(), 1e-12);
        assertEquals(total, sum.overall().lineItems());
    }

    @Test
    void record_hotPath_allocatesNothing() {
        RunMetrics metrics = new RunMetrics(Clock.SYSTEM);
        StepResult r = new StepResult(SdStep.VA01_SAVE, StepOutcome.Ok.INSTANCE, TIMES, 5);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 200_000; i++) {
            metrics.record(r, 1_000_000L + i);
            metrics.recordThinkLag(i);
            metrics.recordUpdate(i, i, i);
        }
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100_000; i++) {
            metrics.record(r, 1_000_000L + i);
            metrics.recordThinkLag(i);
            metrics.recordUpdate(i, i, i);
            metrics.recordUpdateQueueLength(i);
        }
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 10_000, "100,000 recordings allocated " + allocated + " bytes");
    }
}
