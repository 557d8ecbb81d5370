package org.sdbench.measure.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;

class RunMetricsConcurrencyTest {

    private static final StepTimes TIMES = new StepTimes(1_000, 2_000, 3_000, 4_000, 2, 0, 0, 0, 5_000, 0);

    /** The reporter: harvests in a loop while the recording threads run, then once more at the end. */
    private static final class Harvesting {
        private final RunMetrics metrics;
        private final AtomicBoolean done = new AtomicBoolean();
        private final AtomicLong steps = new AtomicLong();
        private final AtomicLong errors = new AtomicLong();
        private final Thread reporter;

        Harvesting(RunMetrics metrics) {
            this.metrics = metrics;
            reporter = Thread.ofPlatform().start(() -> {
                while (!done.get()) {
                    harvest();
                    Thread.onSpinWait();
                }
            });
        }

        private void harvest() {
            Interval i = metrics.interval(true);
            steps.addAndGet(i.steps());
            errors.addAndGet(i.errors());
        }

        /** Stops the loop after {@code recorders} ended and harvests what is left. */
        void finish(List<Thread> recorders) throws InterruptedException {
            for (Thread t : recorders) {
                t.join();
            }
            done.set(true);
            reporter.join();
            harvest();
        }
    }

    @Test
    void record_thousandsOfVirtualThreadsWhileHarvesting_nothingLostOrDoubled() throws Exception {
        RunMetrics metrics = new RunMetrics(Clock.SYSTEM);
        int threads = 2_000;
        int perThread = 150;
        Harvesting harvested = new Harvesting(metrics);
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
        harvested.finish(users);

        Summary sum = metrics.summary();
        long total = (long) threads * perThread;
        assertEquals(total, harvested.steps.get());
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
        Harvesting harvested = new Harvesting(metrics);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perThread; i++) {
                    SdStep step = SdStep.LOOP.get((id + i) % 15);
                    StepOutcome o =
                            i % 10 == 9 ? new StepOutcome.DbError("40P01", "deadlock") : StepOutcome.Ok.INSTANCE;
                    metrics.record(new StepResult(step, o, TIMES, 1), 1_000_000L * (1 + i % 10));
                    metrics.recordThinkLag(i);
                }
            }));
        }
        harvested.finish(workers);

        Summary sum = metrics.summary();
        long total = (long) threads * perThread;
        long errors = (long) threads * (perThread / 10);
        assertEquals(total - errors, harvested.steps.get());
        assertEquals(errors, harvested.errors.get());
        assertEquals(total - errors, sum.overall().count());
        assertEquals(errors, sum.overall().errors());
        assertEquals(
                errors,
                sum.errorsByKind().values().stream().mapToLong(Long::longValue).sum());
        assertEquals(total, sum.overall().response().count());
        assertEquals(total, sum.thinkLag().count());
        assertEquals(2.0, sum.overall().dbCallsPerStep(), 1e-12);
        assertEquals(total, sum.overall().lineItems());
    }

    @Test
    void record_hotPath_allocatesNothing() {
        RunMetrics metrics = new RunMetrics(Clock.SYSTEM);
        StepResult r = new StepResult(SdStep.VA01_SAVE, StepOutcome.Ok.INSTANCE, TIMES, 5);
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
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
