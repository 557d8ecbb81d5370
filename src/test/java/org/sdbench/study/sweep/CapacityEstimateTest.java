package org.sdbench.study.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CapacityEstimateTest {
    private static final double LIMIT = 0.1;
    private static final double KNEE = 100.4;
    /** The response doubles every 10 users near the knee. */
    private static final double SLOPE = Math.log(2) / 10;

    private static final List<Integer> LEVELS = List.of(85, 100, 115);

    /** Rounds of a system whose log response is a line through the limit at KNEE, with seeded run and round noise. */
    private static List<SweepRun> rounds(int n, double runNoise, double roundNoise, SplittableRandom random) {
        List<SweepRun> runs = new ArrayList<>();
        for (int round = 1; round <= n; round++) {
            double drift = roundNoise * random.nextGaussian();
            int position = 1;
            for (int users : LEVELS) {
                double log = Math.log(LIMIT) + SLOPE * (users - KNEE) + drift + runNoise * random.nextGaussian();
                runs.add(Runs.round(round, position++, users, Math.exp(log) * 1000));
            }
        }
        return runs;
    }

    @Test
    void of_noiselessRounds_theKneeExactlyWithAZeroWidthInterval() {
        var e = CapacityEstimate.of(rounds(3, 0, 0, new SplittableRandom(1)), LEVELS, LIMIT, new ArrayList<>());
        var c = e.capacity();
        assertEquals(KNEE, c.crossingMean(), 1e-9);
        assertEquals(100, c.users());
        assertEquals(List.of(100, 100), c.ci95());
        assertEquals(3, c.runsPerLevel());
        assertEquals(3, c.rounds());
        assertTrue(c.method().contains("Student's t"));
    }

    @Test
    void of_seededNoisyRounds_intervalCoversTheKneeAbout95PercentOfTheTime() {
        SplittableRandom random = new SplittableRandom(20261201);
        int trials = 2000;
        int covered = 0;
        for (int t = 0; t < trials; t++) {
            var c = CapacityEstimate.of(rounds(5, 0.05, 0.05, random), LEVELS, LIMIT, new ArrayList<>())
                    .capacity();
            double half = c.relativeWidth() * c.crossingMean() / 2;
            if (Math.abs(c.crossingMean() - KNEE) <= half) {
                covered++;
            }
            assertTrue(
                    c.users() >= c.ci95().get(0) && c.users() <= c.ci95().get(1),
                    "capacity.users inside its ci95: " + c);
        }
        double coverage = (double) covered / trials;
        // 2,000 trials: the binomial spread of a true 95 % is 0.5 points.
        assertTrue(coverage > 0.93 && coverage < 0.97, "coverage " + coverage);
    }

    @Test
    void of_crossingAboveTheLargestLevel_notedAsBeyondWhatWasRun() {
        List<SweepRun> runs = new ArrayList<>();
        for (int round = 1; round <= 2; round++) {
            int position = 1;
            for (int users : LEVELS) {
                // All under the limit: the crossing lies past 115 users.
                runs.add(Runs.round(round, position++, users, 10 * Math.exp(SLOPE * (users - 85))));
            }
        }
        List<String> notes = new ArrayList<>();
        var c = CapacityEstimate.of(runs, LEVELS, LIMIT, notes).capacity();
        assertTrue(c.users() > 115, c.toString());
        assertTrue(
                notes.stream().anyMatch(n -> n.contains("above the largest level measured (115 users)")),
                notes.toString());
    }

    @Test
    void of_crossingWithinTheLevels_noNoteOfAnExtension() {
        List<String> notes = new ArrayList<>();
        CapacityEstimate.of(rounds(3, 0, 0, new SplittableRandom(1)), LEVELS, LIMIT, notes);
        assertEquals(List.of(), notes);
    }

    @Test
    void of_incompleteRound_leftOut() {
        List<SweepRun> runs = new ArrayList<>(rounds(2, 0, 0, new SplittableRandom(1)));
        runs.add(Runs.round(3, 1, 85, 10));
        var e = CapacityEstimate.of(runs, LEVELS, LIMIT, new ArrayList<>());
        assertEquals(2, e.capacity().rounds());
        assertEquals(3, e.rounds().size());
        assertTrue(!e.rounds().get(2).complete() && e.rounds().get(2).crossingUsers() == null);
    }

    @Test
    void of_oneRound_noInterval() {
        var e = CapacityEstimate.of(rounds(1, 0, 0, new SplittableRandom(1)), LEVELS, LIMIT, new ArrayList<>());
        assertNull(e.capacity().ci95());
        assertNull(e.capacity().relativeWidth());
    }
}
