package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.measure.environment.KernelMitigations;

/**
 * Simulator CPU per dialog step: the same users and think time with business logic that does no
 * SQL (with and without the user-context copy), and optionally with the real SD transactions,
 * all with zero configured CPU. Variants run interleaved in rounds; medians are reported.
 */
public final class OverheadBench {
    /** The target for simulator CPU per dialog step without SQL. */
    public static final double TARGET_MICROS = 20;

    /** The target for the JVM's CPU per SQL statement (all of it: app tier, driver, JIT, GC). */
    public static final double TARGET_MICROS_PER_STATEMENT = 15;

    /**
     * The JVM's CPU per SQL statement over what a round trip with the steps' server work costs a
     * client on the same host, in the same run: a target that means the same on every host's kernel.
     */
    public static final double TARGET_FLOOR_RATIO = 1.5;

    /** The target for simulator CPU per step over PostgreSQL's CPU for the same step. */
    public static final double TARGET_DB_RATIO = 0.25;

    static final int SQL_WARM_UP_FACTOR = 3;

    /** Round trips of the wire's measurement in three-tier, over all its callers. */
    static final long WIRE_ROUND_TRIPS = 100_000;

    /** What to measure. */
    public record Options(
            int users,
            Duration think,
            Duration window,
            int rounds,
            boolean withSql,
            AppServerConfig appServer,
            WorkloadConfig workload,
            long seed,
            Duration warmUp) {}

    private final BenchRun runner;
    private final PrintWriter out;

    public OverheadBench(BenchRun runner, PrintWriter out) {
        this.runner = runner;
        this.out = out;
    }

    /** Runs the rounds and prints the table; true when the no-SQL figure meets the target. */
    public boolean run(Options o) throws InterruptedException {
        boolean threeTier = runner.threeTier();
        List<MeasuredConfig> variants = variants(o, threeTier);
        out.printf(
                Locale.ROOT,
                "bench overhead: %d users, think %d ms, cpu 0 per step, %d x %d dialog WPs, "
                        + "window %d s x %d rounds per variant, JVM heap max %d MiB, GC %s%n",
                o.users(),
                o.think().toMillis(),
                o.appServer().instances(),
                o.appServer().dialogWorkProcesses(),
                o.window().toSeconds(),
                o.rounds(),
                HeapProbe.maxHeap() >> 20,
                HeapProbe.collectors());
        out.printf(Locale.ROOT, "  DB transport of the work processes: %s%n", runner.transport());
        out.printf(
                Locale.ROOT,
                "  kernel %s; CPU mitigations on each system call or context switch: %s%n",
                System.getProperty("os.version"),
                KernelMitigations.ofThisHost());
        if (threeTier) {
            // Each round starts its own app-server processes: their JIT compiler works in the ramp-up.
            out.printf(
                    Locale.ROOT,
                    "  three-tier: %d app-server process(es) and the central services started for each round (runs' "
                            + "folders in %s), their CPU from the samples the run takes at every harvest; warm-up: "
                            + "each round's ramp-up of %d s%n",
                    o.appServer().instances(),
                    runner.work(),
                    variants.get(0).spec.rampUp().toSeconds());
        } else {
            warmUp(variants, o.warmUp());
        }
        out.flush();
        new MeasuredRounds(out, threeTier).run(o.rounds(), variants, o.seed(), v -> runner.run(v.spec));
        WireBench.Result wire = threeTier ? wire(o) : null;
        print(variants, wire);
        if (threeTier) {
            new TierOverhead(out).summary(variants.get(0), wire);
            boolean met = new SqlTargets(runner, out).judge(variants.get(0), o.appServer(), o.window());
            out.flush();
            return met;
        }
        MeasuredConfig sql = o.withSql() ? variants.getLast() : null;
        double noSql = variants.get(variants.size() - (sql == null ? 1 : 2)).medianMicrosPerStep();
        Judged noSqlTarget = Judged.below(noSql, TARGET_MICROS, 1);
        out.printf(
                Locale.ROOT,
                "target: simulator CPU per step < %.0f us -> %s us with the configured %d-byte user "
                        + "context (%.2fx the target): %s%n",
                TARGET_MICROS,
                noSqlTarget.figure(),
                o.appServer().userContextBytes(),
                noSql / TARGET_MICROS,
                noSqlTarget.verdict());
        boolean met = noSqlTarget.met();
        if (sql != null) {
            out.printf(
                    Locale.ROOT,
                    "with the SD transactions: %.2fx the no-SQL figure (the difference is client-side "
                            + "JDBC work in the dialog and update work processes, plus the business logic itself)%n",
                    sql.medianMicrosPerStep() / noSql);
            met &= new SqlTargets(runner, out).judge(sql, o.appServer(), o.window());
        }
        out.flush();
        return met;
    }

    /**
     * Runs every variant unmeasured until the JIT compiler has done its work ({@link JitWarmUp}): the
     * worst of the variants the measured rounds judge ({@link MeasuredRounds#judged}) decides, or of
     * all when they judge none. A variant without SQL costs a few microseconds per step, so any compile
     * is a large share of it and kept the warm-up going for its six rounds whatever the SQL variant did.
     * The line printed says how it ended, and the JIT's share of the measured rounds is printed with the
     * others.
     */
    private void warmUp(List<MeasuredConfig> variants, Duration each) throws InterruptedException {
        List<MeasuredConfig> judged = variants.stream()
                .filter(v -> MeasuredRounds.judged(runner.threeTier(), v))
                .toList();
        List<MeasuredConfig> deciding = judged.isEmpty() ? variants : judged;
        JitWarmUp.Outcome w = JitWarmUp.run(() -> {
            double worst = 0;
            for (MeasuredConfig v : variants) {
                double share = JitWarmUp.jitShare(
                        runner.run(v.spec.phases(Duration.ofSeconds(1), warmUpOf(v, each), Duration.ZERO)));
                if (deciding.contains(v)) {
                    worst = Math.max(worst, share);
                }
            }
            return worst;
        });
        out.printf(
                Locale.ROOT,
                "  warm-up: %s%n",
                w.describe(String.format(
                        Locale.ROOT,
                        "%d s per variant (%d s with SQL)",
                        each.toSeconds(),
                        each.multipliedBy(SQL_WARM_UP_FACTOR).toSeconds())));
        out.flush();
    }

    /**
     * The SQL variant warms up longer: its transactions' methods run once per loop or per save,
     * 100 to 150 times a second here, and C2 takes them on only after thousands of calls (seen with
     * -XX:+PrintCompilation: VA01.items, the update modules compiled 30 to 40 s into the SQL runs).
     */
    private static Duration warmUpOf(MeasuredConfig v, Duration each) {
        return v.spec.handler() instanceof NoSqlSteps ? each : each.multipliedBy(SQL_WARM_UP_FACTOR);
    }

    private static List<MeasuredConfig> variants(Options o, boolean threeTier) {
        WorkloadConfig w = RunSpec.zeroCpu(o.workload(), o.think());
        AppServerConfig a = o.appServer();
        List<MeasuredConfig> v = new ArrayList<>();
        if (threeTier) {
            // App-server processes run the SD transactions only; their JIT warms up in each round's ramp-up.
            v.add(new MeasuredConfig(
                    "SD transactions, three-tier",
                    RunSpec.sql("sql", a, w, o.users(), o.seed())
                            .phases(
                                    JitWarmUp.freshJvmRampUp(o.warmUp().multipliedBy(SQL_WARM_UP_FACTOR)),
                                    o.window(),
                                    Duration.ofSeconds(1))));
            return v;
        }
        if (a.userContextBytes() > 0) {
            // The same steps without the roll-in copy beside them; with no context configured they would be a twin.
            v.add(new MeasuredConfig(
                    "no SQL, user context 0 B",
                    window(RunSpec.noSql("no-sql-ctx0", a.withUserContextBytes(0), w, o.users(), o.seed()), o)));
        }
        v.add(new MeasuredConfig(
                "no SQL, user context " + a.userContextBytes() + " B",
                window(RunSpec.noSql("no-sql", a, w, o.users(), o.seed()), o)));
        if (o.withSql()) {
            v.add(new MeasuredConfig(
                    "SD transactions, context " + a.userContextBytes() + " B",
                    window(RunSpec.sql("sql", a, w, o.users(), o.seed()), o)));
        }
        return v;
    }

    private static RunSpec window(RunSpec s, Options o) {
        return s.phases(Duration.ofSeconds(2), o.window(), Duration.ofSeconds(1));
    }

    /** The wire's CPU per round trip as {@code bench wire} measures it, with the users of one instance as callers. */
    private WireBench.Result wire(Options o) throws InterruptedException {
        int clients = Math.max(1, Math.min(10_000, o.users() / o.appServer().instances()));
        return WireBench.run(clients, Math.max(1_000, WIRE_ROUND_TRIPS / clients));
    }

    private void print(List<MeasuredConfig> variants, WireBench.Result wire) {
        out.println();
        out.println(
                wire == null
                        ? "JVM CPU per dialog step in microseconds (median over rounds; min..max), steps/s, and where "
                                + "it went (all rounds):"
                        : "Simulator CPU per dialog step in microseconds (driver, app-server processes and central "
                                + "services; median over rounds; min..max), steps/s, and where it went (all rounds; "
                                + "thread groups: the driver's):");
        for (MeasuredConfig v : variants) {
            out.printf(
                    Locale.ROOT,
                    "  %-34s %7.2f us (%.2f..%.2f)  %,9.0f steps/s%n",
                    v.name,
                    v.medianMicrosPerStep(),
                    Stats.min(v.microsPerStep()),
                    Stats.max(v.microsPerStep()),
                    v.medianStepsPerSecond());
            for (String g : ThreadGroups.ALL) {
                double us = v.groupMicrosPerStep(g);
                if (us >= 0.05) {
                    out.printf(Locale.ROOT, "      %7.2f us  %s%n", us, g);
                }
            }
            if (wire != null) {
                TierOverhead.print(v, wire, out);
            }
            double db = v.dbBackendMicrosPerStep();
            if (db > 0) {
                out.printf(
                        Locale.ROOT,
                        "      (%7.2f us  PostgreSQL backends of this database, other processes: not in "
                                + "the figure above)%n",
                        db);
            }
        }
        out.println(
                "Thread groups come from /proc in 10 ms ticks, the total from the JDK in ns: they need not add up exactly.");
        out.flush();
    }
}
