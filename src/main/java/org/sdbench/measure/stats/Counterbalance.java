package org.sdbench.measure.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The order in which k conditions (variants, user levels, the two sides of a bench) run in each
 * round of a study: a Williams design, so that over a whole cycle of rounds every condition runs in
 * every position equally often and follows every other condition equally often. A drift of the host
 * then hits every condition alike, and so does what one run leaves behind for the next (a warm page
 * cache, a checkpoint due). With two conditions the cycle is AB, BA: the order alternates every
 * round. With an odd number of conditions one square cannot balance the carry-over, so the cycle is
 * the square and its mirror (2k rounds).
 *
 * <p>One seeded generator relabels the conditions before the square is laid out, so which condition
 * starts is random, and the same seed gives the same orders: a study can be repeated as it ran.
 */
public final class Counterbalance {
    /** The rows of one cycle, in relabelled condition indices. */
    private final int[][] rows;

    /**
     * @param conditions how many conditions each round runs (1 or more)
     * @param seed       the study's seed
     */
    public Counterbalance(int conditions, long seed) {
        if (conditions < 1) {
            throw new IllegalArgumentException("a round needs 1 or more conditions, not " + conditions);
        }
        int[] label = shuffled(conditions, new SplittableRandom(seed));
        int[][] square = williams(conditions);
        rows = new int[square.length][conditions];
        for (int r = 0; r < square.length; r++) {
            for (int i = 0; i < conditions; i++) {
                rows[r][i] = label[square[r][i]];
            }
        }
    }

    /** Rounds in one balanced cycle: k for an even k (and 1), 2k for an odd k above 1. */
    public int cycle() {
        return rows.length;
    }

    /** The condition indices (0-based) of round {@code round} (1-based) in the order they run. */
    public int[] order(int round) {
        if (round < 1) {
            throw new IllegalArgumentException("rounds count from 1, not " + round);
        }
        return rows[(round - 1) % rows.length].clone();
    }

    /** The conditions of round {@code round} (1-based) in the order they run. */
    public <T> List<T> order(int round, List<T> conditions) {
        if (conditions.size() != rows[0].length) {
            throw new IllegalArgumentException(
                    "this design orders " + rows[0].length + " conditions, not " + conditions.size());
        }
        List<T> out = new ArrayList<>(conditions.size());
        for (int i : order(round)) {
            out.add(conditions.get(i));
        }
        return out;
    }

    /**
     * Williams' square: the first row 0, 1, k-1, 2, k-2, ...; each next row adds 1 modulo k. For an
     * odd k the mirrored rows follow, since one square leaves the carry-over unbalanced.
     */
    static int[][] williams(int k) {
        int[] first = new int[k];
        for (int i = 1, lo = 1, hi = k - 1; i < k; i++) {
            first[i] = i % 2 == 1 ? lo++ : hi--;
        }
        int n = k % 2 == 0 || k == 1 ? k : 2 * k;
        int[][] square = new int[n][k];
        for (int r = 0; r < k; r++) {
            for (int i = 0; i < k; i++) {
                square[r][i] = (first[i] + r) % k;
                if (n > k) {
                    square[k + r][k - 1 - i] = square[r][i];
                }
            }
        }
        return square;
    }

    private static int[] shuffled(int k, SplittableRandom random) {
        List<Integer> a = new ArrayList<>(IntStream.range(0, k).boxed().toList());
        Collections.shuffle(a, random);
        return a.stream().mapToInt(Integer::intValue).toArray();
    }
}
