package org.sdbench.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order the variants run in, round by round: a fresh random permutation per round from the
 * experiment's seed (randomized multiple interleaved trials), so that neither a drift of the host
 * nor what one variant leaves behind for the next always favours the same side. The same seed
 * gives the same orders, so an experiment can be repeated as it ran.
 */
final class RoundOrder {
    private final long seed;

    RoundOrder(long seed) {
        this.seed = seed;
    }

    /** The variants of round {@code round} (1-based) in the order they run. */
    List<Variant> of(int round, List<Variant> variants) {
        List<Variant> order = new ArrayList<>(variants);
        Collections.shuffle(order, new Random(seed * 1_000_003L + round));
        return order;
    }
}
