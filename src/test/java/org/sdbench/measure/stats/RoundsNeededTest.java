package org.sdbench.measure.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RoundsNeededTest {
    @Test
    void of_effectOneSd_tenPairsAsByTables() {
        // By t tables: n = 9 gives (2.306 + 0.889) / 3 = 1.065 sd, above 1; n = 10 gives (2.262 + 0.883) / 3.162 =
        // 0.995 sd, within it.
        assertEquals(OptionalInt.of(10), RoundsNeeded.of(1, 1, 0.05, 0.8));
        assertEquals(1.0649, RoundsNeeded.mde(9, 1, 0.05, 0.8), 5e-4);
        assertEquals(0.9946, RoundsNeeded.mde(10, 1, 0.05, 0.8), 5e-4);
    }

    @Test
    void of_effectFarBelowSpread_empty() {
        assertEquals(OptionalInt.empty(), RoundsNeeded.of(1, 0.001, 0.05, 0.8));
    }

    @Test
    void upperSd_fourDegreesOfFreedom_chiSquaredBound() {
        // chi2(0.2, 4) = 1.6488: sqrt(4 / 1.6488) = 1.5576.
        assertEquals(1.5576, RoundsNeeded.upperSd(1, 5, 0.8), 5e-4);
    }

    /**
     * Normal log ratios with a known effect and SD: an A/A pilot of 5 pairs plans the rounds (its SD's
     * 80 % bound, a family of 3 at 5 %), then an experiment of that many pairs with the effect is tested
     * by the paired t at the same level: it must detect the effect in at least 75 % of the experiments.
     */
    @Test
    void of_plannedFromPilotOfFive_paired_tDetectsTheEffectAtThePlannedPower() {
        SplittableRandom random = new SplittableRandom(20261201);
        double sd = 0.04;
        double effect = Math.log(1.05);
        double alpha = 0.05 / 3;
        int experiments = 2000;
        int detected = 0;
        for (int e = 0; e < experiments; e++) {
            double[] pilot = normals(random, 5, 0, sd);
            double planSd = RoundsNeeded.upperSd(PairedT.of(pilot).sd(), 5, RoundsNeeded.SD_CONFIDENCE);
            int n = RoundsNeeded.of(planSd, effect, alpha, 0.8).orElseThrow();
            if (PairedT.of(normals(random, n, effect, sd)).pValue() <= alpha) {
                detected++;
            }
        }
        double power = detected / (double) experiments;
        assertTrue(power >= 0.75, "power at the planned pairs: " + power);
    }

    private static double[] normals(SplittableRandom random, int n, double mean, double sd) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = mean + sd * random.nextGaussian();
        }
        return x;
    }
}
