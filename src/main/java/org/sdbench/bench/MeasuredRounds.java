package org.sdbench.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The measured rounds of {@code bench overhead}, each variant in turn so noise hits all alike. The
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
        BenchResult run(Variant v) throws InterruptedException;
    }

    private final PrintWriter out;
    private final boolean threeTier;

    MeasuredRounds(PrintWriter out, boolean threeTier) {
        this.out = out;
        this.threeTier = threeTier;
    }

    void run(int rounds, List<Variant> variants, Round round) throws InterruptedException {
        for (int r = 1; r <= rounds; r++) {
            for (Variant v : variants) {
                BenchResult res = round.run(v);
                for (int repeat = 1; repeat <= MAX_REPEATS && stillCompiling(v, res); repeat++) {
                    print(r, v, res, "; compiling: set aside, run again");
                    res = round.run(v);
                }
                v.results.add(res);
                print(r, v, res, "");
            }
        }
    }

    private boolean stillCompiling(Variant v, BenchResult res) {
        return stillCompiling(threeTier, !(v.spec.handler() instanceof NoSqlSteps), JitWarmUp.jitShare(res));
    }

    /** Three-tier's app servers are new JVMs each round: their ramp-up is their warm-up, and their JIT is not seen here. */
    static boolean stillCompiling(boolean threeTier, boolean withSql, double jitShare) {
        return !threeTier && withSql && jitShare > JitWarmUp.SETTLED;
    }

    private void print(int r, Variant v, BenchResult res, String verdict) {
        out.printf(
                Locale.ROOT,
                "  round %d %-34s %,9.0f steps/s  %7.2f us/step %s CPU   (%s%s%s)%n",
                r,
                v.name,
                res.stepsPerSecond(),
                res.overheadMicrosPerStep(),
                threeTier ? "simulator" : "JVM",
                HostLoad.brief(res.cpu()),
                threeTier ? "" : String.format(Locale.ROOT, ", JIT %.1f %%", 100 * JitWarmUp.jitShare(res)),
                verdict);
        out.flush();
    }
}
