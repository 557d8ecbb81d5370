package org.sdbench.study.bench;

import java.time.Duration;
import java.util.Locale;

/**
 * Unmeasured rounds until the JIT compiler has done its work. The JDBC paths take C2 20 to 30 s at
 * the benches' step rates, longer on a slow host, and compiling is a start-up cost that a benchmark
 * run's window of minutes does not see; on 2 vCPUs it also takes CPU from the database. A round is
 * repeated while the compiler threads used more than {@link #SETTLED} of the JVM's CPU in it, at most
 * {@link #MAX_ROUNDS} times.
 */
final class JitWarmUp {
    /** The JIT compiler's largest share of the JVM's CPU in a round that ends the warm-up. */
    static final double SETTLED = 0.03;

    static final int MAX_ROUNDS = 6;

    /** One unmeasured round; returns the compiler threads' share of the JVM's CPU in it (0 when not readable). */
    @FunctionalInterface
    interface Round {
        double jitShare() throws InterruptedException;
    }

    /** How the warm-up ended. */
    record Outcome(int rounds, double jitShare) {
        boolean settled() {
            return jitShare <= SETTLED;
        }

        /** For the bench's output: "N round(s) of {@code each}; JIT compiler in the last: x % of the JVM's CPU (settled ...)". */
        String describe(String each) {
            return String.format(
                    Locale.ROOT,
                    "%d round(s) of %s; JIT compiler in the last: %.1f %% of the JVM's CPU (%s %.0f %%)",
                    rounds,
                    each,
                    jitShare * 100,
                    settled() ? "settled, at most" : "still compiling, more than",
                    SETTLED * 100);
        }
    }

    private JitWarmUp() {}

    /**
     * The ramp-up of a round whose app-server processes are new JVMs (three-tier), which no warm-up
     * round before it can warm: as long as the longest warm-up of rounds of {@code round} in one JVM.
     * After a sixth of that, the SD transactions' code was still compiling in the window and made
     * three-tier look half again as dear as it is (docs/performance.md, "Three-tier" under "How each bench measures").
     */
    static Duration freshJvmRampUp(Duration round) {
        return round.multipliedBy(MAX_ROUNDS);
    }

    static Outcome run(Round round) throws InterruptedException {
        double share = 1;
        int n = 0;
        while (n < MAX_ROUNDS && share > SETTLED) {
            n++;
            share = round.jitShare();
        }
        return new Outcome(n, share);
    }

    /** The compiler threads' share of the JVM's CPU in {@code r}, 0 when the JVM's CPU was not readable. */
    static double jitShare(BenchResult r) {
        return r.cpu().jvmNanos() > 0
                ? (double) r.cpu().group(ThreadGroups.JIT) / r.cpu().jvmNanos()
                : 0;
    }
}
