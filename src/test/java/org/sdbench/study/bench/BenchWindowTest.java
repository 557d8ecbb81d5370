package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.sdbench.measure.metrics.Interval;
import org.sdbench.measure.metrics.Phases;

class BenchWindowTest {
    private static final long S = 1_000_000_000L;
    private final Phases phases = new Phases(0, 2 * S, 10 * S, S, 5);

    @Test
    void accept_harvestsAroundTheWindow_cpuSpansTheWindowAndHeapReadAtItsEnd() {
        BenchWindow p = new BenchWindow(phases, "sdbench_perf", true, null);
        p.accept(interval(0, 2 * S, false));
        p.accept(interval(2 * S, 7 * S, true));
        p.accept(interval(7 * S, 12 * S, true));
        p.accept(interval(12 * S, 13 * S, false));
        CpuWindow w = p.cpu();
        assertTrue(w.seconds() >= 0);
        assertTrue(p.heapAfterGc() > 0);
    }

    @Test
    void cpu_runStoppedBeforeTheWindowEnded_refused() {
        BenchWindow p = new BenchWindow(phases, "sdbench_perf", false, null);
        p.accept(interval(0, 2 * S, false));
        p.accept(interval(2 * S, 5 * S, true));
        assertThrows(IllegalStateException.class, p::cpu);
        assertEquals(-1, p.heapAfterGc());
    }

    @Test
    void counters_countedBeforeAndAfterTheWindow_onlyTheWindowsShare() {
        AtomicLong calls = new AtomicLong(100);
        AtomicLong trips = new AtomicLong(5_000);
        BenchWindow p = new BenchWindow(phases, "sdbench_perf", false, null, calls::get, trips::get);
        p.accept(interval(0, 2 * S, false));
        calls.addAndGet(40);
        trips.addAndGet(400);
        p.accept(interval(2 * S, 7 * S, true));
        calls.addAndGet(60);
        trips.addAndGet(300);
        p.accept(interval(7 * S, 12 * S, true));
        calls.addAndGet(1_000);
        trips.addAndGet(9_000);
        p.accept(interval(12 * S, 13 * S, false));
        assertEquals(100, p.updateDbCalls());
        assertEquals(700, p.roundTrips());
    }

    @Test
    void accept_progress_everyIntervalAfterTheFirstSaysHowBusyTheHostWas() {
        StringWriter text = new StringWriter();
        BenchWindow p = new BenchWindow(phases, "sdbench_perf", false, new PrintWriter(text));
        p.accept(interval(0, S, false));
        p.accept(interval(S, 2 * S, false));
        p.accept(interval(2 * S, 7 * S, true));
        String[] lines = text.toString().split("\n");
        assertEquals(3, lines.length);
        assertFalse(lines[0].contains("host"), lines[0]);
        assertTrue(lines[1].contains("others") || lines[1].contains("host load unknown"), lines[1]);
        assertTrue(lines[2].contains("others") || lines[2].contains("host load unknown"), lines[2]);
    }

    private static Interval interval(long start, long end, boolean inWindow) {
        return new Interval(start, end, 0, inWindow, 0, 0, 0, 0, 0, 0, 0, 0, 0, null);
    }
}
