package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.sdbench.measure.stats.Counterbalance;

/**
 * The measured rounds of {@code bench overhead}, each round's variants in the experiment's
 * counterbalanced order so noise and carry-over hit all alike. The
 * transactions' code runs once per dialog step or per document, so the JIT compiler can reach it with
 * C2 after the warm-up ended: a two-tier round with SQL in which the compiler took more than
 * {@link JitWarmUp#SETTLED} of the JVM's CPU is still warm-up. It is printed, set aside and run
 * again, at most {@link #MAX_REPEATS} times per round; the last one counts whatever it did. The
 * rounds without SQL are judged by no such rule: their few microseconds per step make any compile a
 * large share, and their target is far from their figure.
 */
final class MeasuredRounds {
    static final int MAX_REPEATS = 2;

    /** One round of one variant. */
    @FunctionalInterface
    interface Round {
        BenchResult run(MeasuredConfig v) throws InterruptedException;
    }

    /** Prints one round's line; {@code verdict} is empty for a round that counts. */
    @FunctionalInterface
    interface Printer {
        void print(int round, MeasuredConfig v, BenchResult res, String verdict);
    }

    private final boolean threeTier;
    private final Predicate<MeasuredConfig> withSql;
    private final ToDoubleFunction<BenchResult> jitShare;
    private final Printer printer;

    MeasuredRounds(PrintWriter out, boolean threeTier) {
        this.threeTier = threeTier;
        this.withSql = MeasuredRounds::withSql;
        this.jitShare = JitWarmUp::jitShare;
        this.printer = (r, v, res, verdict) -> print(out, threeTier, r, v, res, verdict);
    }

    /** The loop with its judgement and its output given: for a test, which has no run to read. */
    MeasuredRounds(
            boolean threeTier,
            Predicate<MeasuredConfig> withSql,
            ToDoubleFunction<BenchResult> jitShare,
            Printer printer) {
        this.threeTier = threeTier;
        this.withSql = withSql;
        this.jitShare = jitShare;
        this.printer = printer;
    }

    /**
     * Runs {@code rounds} rounds of every variant, each round's order from the experiment's design
     * ({@link Counterbalance}, seeded by {@code seed}): every variant runs in every position alike.
     */
    void run(int rounds, List<MeasuredConfig> variants, long seed, Round round) throws InterruptedException {
        Counterbalance design = new Counterbalance(variants.size(), seed);
        for (int r = 1; r <= rounds; r++) {
            for (MeasuredConfig v : design.order(r, variants)) {
                BenchResult res = round.run(v);
                for (int repeat = 1; repeat <= MAX_REPEATS && stillCompiling(v, res); repeat++) {
                    printer.print(r, v, res, "; compiling: set aside, run again");
                    res = round.run(v);
                }
                v.results.add(res);
                printer.print(r, v, res, "");
            }
        }
    }

    private boolean stillCompiling(MeasuredConfig v, BenchResult res) {
        return stillCompiling(threeTier, withSql.test(v), jitShare.applyAsDouble(res));
    }

    /** Whether the rule judges {@code v}'s rounds. */
    static boolean judged(boolean threeTier, MeasuredConfig v) {
        return judged(threeTier, withSql(v));
    }

    private static boolean withSql(MeasuredConfig v) {
        return !(v.spec.handler() instanceof NoSqlSteps);
    }

    /**
     * Three-tier's app servers are new JVMs each round, warmed in its ramp-up: their compilers' share is
     * printed ({@link BenchResult#tierJitShare}), not judged, since a round run again compiles anew.
     */
    static boolean judged(boolean threeTier, boolean withSql) {
        return !threeTier && withSql;
    }

    static boolean stillCompiling(boolean threeTier, boolean withSql, double jitShare) {
        return judged(threeTier, withSql) && jitShare > JitWarmUp.SETTLED;
    }

    private static void print(
            PrintWriter out, boolean threeTier, int r, MeasuredConfig v, BenchResult res, String verdict) {
        out.printf(
                Locale.ROOT,
                "  round %d %-34s %,9.0f steps/s  %7.2f us/step %s CPU   (%s%s%s)%n",
                r,
                v.name,
                res.stepsPerSecond(),
                res.overheadMicrosPerStep(),
                threeTier ? "simulator" : "JVM",
                HostLoad.brief(res.cpu()),
                threeTier
                        ? String.format(Locale.ROOT, ", app servers' JIT %.1f %%", 100 * res.tierJitShare())
                        : String.format(Locale.ROOT, ", JIT %.1f %%", 100 * JitWarmUp.jitShare(res)),
                verdict);
        out.flush();
    }
}
