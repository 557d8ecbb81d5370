package org.sdbench.study.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.sdbench.measure.dbstats.DbWindow;
import org.sdbench.measure.dbstats.DbWindows;
import org.sdbench.measure.dbstats.PgSnapshot;
import org.sdbench.measure.environment.CpuSampler;
import org.sdbench.measure.environment.HostUsage;
import org.sdbench.report.IntervalRow;

/**
 * The sub-windows of one run of the alternate design, cut from its intervals as they are harvested.
 * The measurement window is cut into sub-windows of {@code switchEvery}; block k runs every variant
 * once, in the round's order when k is odd and reversed when it is even (AB BA AB ...), so that a
 * drift over the run weighs on both sides alike. The first interval of every sub-window settles and
 * is not measured: a reload reaches a backend only when it reads its next command, the dialog steps
 * in flight at the switch finish under the old value, and that interval mixes both. The first
 * sub-window settles as well, so that every sub-window is measured alike. A sub-window the window's
 * end cuts short, and the sub-windows of a block the window's end leaves incomplete, are in no pair.
 */
final class SubWindows {

    /**
     * One sub-window, as experiment.json records it.
     *
     * @param block          the block it belongs to, from 1 (a block runs every variant once)
     * @param variant        the variant whose settings were in force
     * @param fromSeconds    when it started, in seconds since the run's start (its settle period begins)
     * @param settledSeconds when its settle period ended and its measurement began
     * @param toSeconds      when it ended
     * @param steps          the dialog steps measured in it (after the settle period)
     * @param inForce        the values a new session saw for the varied settings once they were switched
     * @param unpaired       why it is in no pair; null when it is
     */
    record Window(
            int block,
            String variant,
            double fromSeconds,
            double settledSeconds,
            double toSeconds,
            long steps,
            Map<String, String> inForce,
            String unpaired) {}

    /** What was sampled at a sub-window boundary: either part null when it could not be sampled. */
    record Probe(PgSnapshot pg, CpuSampler.Sample cpu, CpuSampler sampler) {
        /** A probe without CPU figures. */
        Probe(PgSnapshot pg, CpuSampler.Sample cpu) {
            this(pg, cpu, null);
        }
    }

    /** A sub-window's measured part: its intervals after the settle period and the samples at its ends. */
    private static final class Cut {
        final int index;
        final Variant variant;
        final double from;
        Map<String, String> inForce;
        double settled = Double.NaN;
        double to = Double.NaN;
        Probe start;
        Probe end;
        final List<IntervalRow> rows = new ArrayList<>();
        String unpaired;

        Cut(int index, Variant variant, double from, Map<String, String> inForce) {
            this.index = index;
            this.variant = variant;
            this.from = from;
            this.inForce = inForce;
        }

        boolean complete() {
            return end != null;
        }
    }

    private final List<Variant> order;
    /** Harvests run a few milliseconds late, each by its own amount: a harvest this near a tie counts as on it. */
    private static final double JITTER_SECONDS = 0.1;

    private final double seconds;
    private final double halfInterval;
    private double windowStart;
    private final List<Cut> cuts = new ArrayList<>();
    private Cut open;
    private boolean windowStarted;
    private boolean windowEnded;
    private Map<String, String> nextInForce;

    /**
     * @param order       the round's order: the first variant's settings are in force when the run starts
     * @param switchEvery how long each sub-window lasts
     * @param interval    the run's interval (its harvests' grid)
     * @param inForce     the varied settings' values a new session sees as the run starts
     */
    SubWindows(List<Variant> order, Duration switchEvery, Duration interval, Map<String, String> inForce) {
        this.order = List.copyOf(order);
        this.seconds = switchEvery.toMillis() / 1000.0;
        this.halfInterval = interval.toMillis() / 2000.0;
        this.nextInForce = inForce;
    }

    /** The variant of the {@code index}-th sub-window (from 0): AB BA AB ... */
    Variant variantOf(int index) {
        int k = order.size();
        int block = index / k;
        int at = index % k;
        return order.get(block % 2 == 0 ? at : k - 1 - at);
    }

    /**
     * Takes one harvested interval. {@code probe} is asked for a sample where a sub-window's
     * measurement begins or ends.
     *
     * @return the variant whose settings must go in force now (a sub-window ended), or null
     */
    Variant add(IntervalRow row, Supplier<Probe> probe) {
        if (!row.inWindow()) {
            if (windowStarted && !windowEnded) {
                windowEnded = true;
                if (open != null && !open.rows.isEmpty()) {
                    open.to = row.startSeconds();
                    open.unpaired = "cut short by the end of the measurement window";
                    cuts.add(open);
                }
                open = null;
            }
            return null;
        }
        if (!windowStarted) {
            windowStarted = true;
            windowStart = row.startSeconds();
        }
        if (open == null) {
            open = new Cut(cuts.size(), variantOf(cuts.size()), row.startSeconds(), nextInForce);
        }
        if (Double.isNaN(open.settled)) {
            open.settled = row.endSeconds();
            open.start = probe.get();
        } else {
            open.rows.add(row);
        }
        if (row.endSeconds() - windowStart < (cuts.size() + 1) * seconds - halfInterval - JITTER_SECONDS) {
            return null;
        }
        open.to = row.endSeconds();
        open.end = probe.get();
        if (open.rows.isEmpty()) {
            open.unpaired = "no interval after its settle period";
        }
        cuts.add(open);
        Variant next = variantOf(cuts.size());
        open = new Cut(cuts.size(), next, row.endSeconds(), null);
        nextInForce = null;
        return next;
    }

    /** What a new session saw once the settings of the sub-window just begun were switched. */
    void inForce(Map<String, String> seen) {
        Map<String, String> copy = Collections.unmodifiableMap(new LinkedHashMap<>(seen));
        if (open != null) {
            open.inForce = copy;
        } else {
            nextInForce = copy;
        }
    }

    /** Every sub-window so far, with why it is in no pair. */
    List<Window> windows() {
        int k = order.size();
        List<Window> out = new ArrayList<>();
        for (Cut c : cuts) {
            String unpaired =
                    c.unpaired != null ? c.unpaired : blockComplete(c.index / k) ? null : "its block is incomplete";
            out.add(new Window(
                    c.index / k + 1,
                    c.variant.name(),
                    c.from,
                    c.settled,
                    c.to,
                    c.rows.stream().mapToLong(IntervalRow::steps).sum(),
                    c.inForce == null ? Map.of() : c.inForce,
                    unpaired));
        }
        return out;
    }

    private boolean blockComplete(int block) {
        int k = order.size();
        for (int i = block * k; i < (block + 1) * k; i++) {
            if (i >= cuts.size() || cuts.get(i).unpaired != null || !cuts.get(i).complete()) {
                return false;
            }
        }
        return true;
    }

    /** The blocks' pairs of the round: in block k the baseline's sub-window against the alternative's. */
    RoundRunner.RoundPairs pairs(int round, Variant baseline) {
        int k = order.size();
        List<Integer> blocks = new ArrayList<>();
        for (int b = 0; b < cuts.size() / k; b++) {
            if (blockComplete(b)) {
                blocks.add(b);
            }
        }
        return new RoundRunner.RoundPairs() {
            @Override
            public List<Pair> of(Figure figure, Variant alternative) {
                List<Pair> out = new ArrayList<>();
                for (int b : blocks) {
                    Measured base = measured(b, baseline);
                    Measured alt = measured(b, alternative);
                    out.add(new Pair(
                            "round " + round + ", block " + (b + 1),
                            base.value(figure),
                            alt.value(figure),
                            base.count(figure),
                            alt.count(figure)));
                }
                return out;
            }

            @Override
            public String unavailable(Figure figure) {
                return SubWindowFigures.unavailable(figure);
            }
        };
    }

    private Measured measured(int block, Variant v) {
        int k = order.size();
        for (int i = block * k; i < (block + 1) * k; i++) {
            Cut c = cuts.get(i);
            if (c.variant.name().equals(v.name())) {
                DbWindow db = c.start == null || c.end == null || c.start.pg() == null || c.end.pg() == null
                        ? null
                        : DbWindows.delta(c.start.pg(), c.end.pg(), -1);
                HostUsage host = c.start == null
                                || c.end == null
                                || c.start.cpu() == null
                                || c.end.cpu() == null
                                || c.end.sampler() == null
                        ? null
                        : c.end.sampler().usage(c.start.cpu(), c.end.cpu(), null);
                return new Measured(c.rows, db, host);
            }
        }
        throw new IllegalStateException("block " + (block + 1) + " has no sub-window of " + v.name());
    }

    /** A sub-window's measurements, from which {@link SubWindowFigures} computes each figure. */
    record Measured(List<IntervalRow> rows, DbWindow db, HostUsage host) {
        Double value(Figure f) {
            return SubWindowFigures.value(f, this);
        }

        Long count(Figure f) {
            return SubWindowFigures.count(f, this);
        }
    }
}
