package org.sdbench.measure.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RemoteUpdatesTest {
    @Test
    void mergeInto_twoInstances_percentilesAsIfRecordedInOneHistogram() {
        var a = new RemoteUpdates();
        var b = new RemoteUpdates();
        Histogram all = Histograms.histogram();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 5_000; i++) {
            long ns = (long) (r.nextDouble() * r.nextDouble() * 2e9);
            (i % 3 == 0 ? a : b).v1Committed(ns, 1_000_000, 3, 5);
            all.recordValue(Histograms.micros(ns));
        }
        StepClock clock = new StepClock(0);
        RunMetrics m = new RunMetrics(clock);
        RemoteUpdates.mergeInto(a.drain(), m);
        RemoteUpdates.mergeInto(b.drain(), m);
        clock.advance(1_000_000_000L);
        m.interval(true);
        var merged = m.summary().update();
        var expected = Latency.of(all);
        assertEquals(5_000, merged.updates());
        assertEquals(expected.p50Ms(), merged.saveToCommitted().p50Ms());
        assertEquals(expected.p99Ms(), merged.saveToCommitted().p99Ms());
        assertEquals(expected.maxMs(), merged.saveToCommitted().maxMs());
        assertEquals(1.0, merged.avgV1DbMs(), 1e-9);
    }
}
