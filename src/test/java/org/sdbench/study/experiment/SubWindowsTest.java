package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sdbench.measure.dbstats.PgSnapshot;
import org.sdbench.measure.metrics.Components;
import org.sdbench.report.IntervalRow;

/**
 * The alternate design's slicing and pairing on a made-up interval series: every interval of 10 s has
 * 100 steps; under the baseline each step commits once and takes 10 ms, under the alternative twice
 * and 20 ms, so every pair shows exactly that.
 */
class SubWindowsTest {
    private static final Variant BASE = Variant.parse("base:db.work_mem=4MB");
    private static final Variant ALT = Variant.parse("alt:db.work_mem=64MB");
    private static final Duration TEN = Duration.ofSeconds(10);

    private static IntervalRow row(double start, double end, boolean inWindow, double avgMs) {
        return new IntervalRow(
                0,
                end,
                end - start,
                inWindow ? "measurement" : "ramp-up",
                inWindow,
                10,
                100,
                0,
                100 * 3600 / (end - start),
                avgMs,
                avgMs * 2,
                avgMs * 3,
                new Components(0, 0, 0, avgMs / 2, 0, 0, 0, 0),
                0,
                0,
                0,
                0,
                0);
    }

    private static PgSnapshot snapshot(long commits) {
        return new PgSnapshot(0, commits, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null, null, null, "off", 0, null);
    }

    /** Feeds the run's rows, the DB counting what the variant in force does; returns the switches asked for. */
    private static List<String> feed(SubWindows w, List<Double> ends, double windowEnd) {
        List<String> switches = new ArrayList<>();
        long[] commits = {0};
        Variant[] inForce = {BASE};
        double start = 0;
        for (double end : ends) {
            boolean in = end > ends.get(0) && end <= windowEnd;
            boolean base = inForce[0] == BASE;
            commits[0] += base ? 100 : 200;
            Variant next =
                    w.add(row(start, end, in, base ? 10 : 20), () -> new SubWindows.Probe(snapshot(commits[0]), null));
            start = end;
            if (next != null) {
                switches.add(next.name());
                inForce[0] = next;
                w.inForce(Map.of("work_mem", next == BASE ? "4096" : "65536"));
            }
        }
        return switches;
    }

    private static Figure figure(String name) {
        return Figure.fixed().stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void add_nineIntervalsOfTwentySecondSubWindows_twoBlocksABBA() {
        SubWindows w = new SubWindows(List.of(BASE, ALT), Duration.ofSeconds(20), TEN, Map.of("work_mem", "4096"));
        List<String> switches =
                feed(w, List.of(10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0, 105.0), 100);

        assertEquals(List.of("alt", "alt", "base", "base"), switches, "a switch at every sub-window's end");
        List<SubWindows.Window> windows = w.windows();
        assertEquals(
                List.of("base", "alt", "alt", "base"),
                windows.stream().map(SubWindows.Window::variant).toList());
        assertEquals(
                List.of(1, 1, 2, 2),
                windows.stream().map(SubWindows.Window::block).toList());
        SubWindows.Window second = windows.get(1);
        assertEquals(30, second.fromSeconds(), 1e-9);
        assertEquals(40, second.settledSeconds(), 1e-9, "the first interval settles");
        assertEquals(50, second.toSeconds(), 1e-9);
        assertEquals(100, second.steps(), "only the interval after the settle period is measured");
        assertEquals(Map.of("work_mem", "65536"), second.inForce());
        assertTrue(windows.stream().allMatch(x -> x.unpaired() == null), windows.toString());

        RoundRunner.RoundPairs pairs = w.pairs(2, BASE);
        List<Pair> commits = pairs.of(figure("commits per dialog step"), ALT);
        assertEquals(
                List.of("round 2, block 1", "round 2, block 2"),
                commits.stream().map(Pair::key).toList());
        for (Pair p : commits) {
            assertEquals(1.0, p.baseline(), 1e-9, p.toString());
            assertEquals(2.0, p.alternative(), 1e-9, p.toString());
            assertEquals(100L, p.baselineEvents());
            assertEquals(200L, p.alternativeEvents());
        }
        Pair response = pairs.of(figure("avg dialog response time"), ALT).get(1);
        assertEquals(10.0, response.baseline(), 1e-9);
        assertEquals(20.0, response.alternative(), 1e-9);
        Pair rate = pairs.of(figure("dialog steps per hour"), ALT).get(0);
        assertEquals(36_000, rate.baseline(), 1e-6);
        assertNull(pairs.unavailable(figure("commits per dialog step")));
        assertTrue(pairs.unavailable(figure("p95 dialog response time")).startsWith("not measured per sub-window"));
    }

    @Test
    void add_windowEndsInsideASubWindow_itAndItsBlockUnpaired() {
        SubWindows w = new SubWindows(List.of(BASE, ALT), Duration.ofSeconds(20), TEN, Map.of());
        feed(w, List.of(10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 84.0, 95.0), 84);

        List<SubWindows.Window> windows = w.windows();
        assertEquals(4, windows.size(), windows.toString());
        assertEquals(
                "cut short by the end of the measurement window", windows.get(3).unpaired());
        assertEquals("its block is incomplete", windows.get(2).unpaired());
        assertNull(windows.get(0).unpaired());
        assertEquals(
                1, w.pairs(1, BASE).of(figure("commits per dialog step"), ALT).size(), "block 1 only");
    }

    @Test
    void add_windowStartOffTheIntervalGrid_subWindowsEndAtTheNearestHarvest() {
        SubWindows w = new SubWindows(List.of(BASE, ALT), Duration.ofSeconds(20), TEN, Map.of());
        // Ramp-up 5 s on a 10 s grid: the window runs from 5 s to 85 s.
        feed(w, List.of(5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 85.0, 87.0), 85);

        List<SubWindows.Window> windows = w.windows();
        assertEquals(
                List.of(20.0, 40.0, 60.0, 80.0),
                windows.stream().map(SubWindows.Window::toSeconds).toList());
        assertEquals(5.0, windows.get(0).fromSeconds(), 1e-9);
        assertTrue(windows.stream().allMatch(x -> x.unpaired() == null), windows.toString());
        assertEquals(
                2, w.pairs(1, BASE).of(figure("commits per dialog step"), ALT).size(), "two blocks");
    }

    @Test
    void variantOf_threeVariants_blocksInOrderThenReversed() {
        Variant third = Variant.parse("third:db.work_mem=16MB");
        SubWindows w = new SubWindows(List.of(ALT, BASE, third), Duration.ofSeconds(20), TEN, Map.of());
        List<String> seq = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            seq.add(w.variantOf(i).name());
        }
        assertEquals(List.of("alt", "base", "third", "third", "base", "alt", "alt", "base", "third"), seq);
    }
}
