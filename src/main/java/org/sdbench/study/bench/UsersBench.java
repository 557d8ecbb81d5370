package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.ConfigException;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.measure.metrics.Latency;

/**
 * How many users one JVM drives on schedule: many users with the benchmark's think time, steps
 * that do no SQL and no configured CPU (so the DB and the ABAP work are not the bottleneck), and
 * the think-time lag (how late users start their steps) and the live heap as the results.
 */
public final class UsersBench {
    /** The issue's target: think-time lag p99 under this, in milliseconds. */
    public static final double TARGET_LAG_P99_MS = 5;

    /**
     * Heap per logged-on user besides its context, rounded up from what this bench measured with
     * ZGC on JDK 25 once thinking users became timer entries instead of sleeping virtual threads
     * (520 B at 250,000 users: the user, its two random streams, its session and a timer slot; was
     * 2.5 KiB with the threads' stack chunks): used to refuse runs that cannot fit.
     */
    static final int SESSION_BYTES = 1024;

    /** What to measure. */
    public record Options(
            int users,
            Duration think,
            Duration rampUp,
            Duration window,
            AppServerConfig appServer,
            WorkloadConfig workload,
            long seed) {}

    private final BenchRun runner;
    private final PrintWriter out;

    public UsersBench(BenchRun runner, PrintWriter out) {
        this.runner = runner;
        this.out = out;
    }

    /** Runs once and prints the figures; true when the lag target is met. */
    public boolean run(Options o) throws InterruptedException {
        long needed = (long) o.users() * (o.appServer().userContextBytes() + SESSION_BYTES);
        long max = HeapProbe.maxHeap();
        if (needed > max * 0.8) {
            throw new ConfigException(String.format(
                    Locale.ROOT,
                    "%d users x (appServer.userContextBytes %d + about %d B "
                            + "of session state) = %d MiB live does not fit this JVM's %d MiB heap with room for the GC: "
                            + "lower the context (e.g. --set appServer.userContextBytes=16384) or raise -Xmx in "
                            + "SDBENCH_JVM_OPTS",
                    o.users(),
                    o.appServer().userContextBytes(),
                    SESSION_BYTES,
                    needed >> 20,
                    max >> 20));
        }
        WorkloadConfig w = RunSpec.zeroCpu(o.workload(), o.think());
        RunSpec spec = RunSpec.noSql("users", o.appServer(), w, o.users(), o.seed())
                .phases(o.rampUp(), o.window(), Duration.ofSeconds(5))
                .withHeap();
        out.printf(
                Locale.ROOT,
                "bench users: %,d users, think %s s, no SQL, cpu 0, user context %d B, %d x %d dialog WPs, "
                        + "ramp-up %d s, window %d s, heap max %d MiB, GC %s%n",
                o.users(),
                o.think().toMillis() / 1e3,
                o.appServer().userContextBytes(),
                o.appServer().instances(),
                o.appServer().dialogWorkProcesses(),
                o.rampUp().toSeconds(),
                o.window().toSeconds(),
                max >> 20,
                HeapProbe.collectors());
        out.flush();
        BenchResult r = runner.run(spec);
        return print(o, r);
    }

    private boolean print(Options o, BenchResult r) {
        Latency lag = r.summary().thinkLag();
        Latency resp = r.summary().overall().response();
        double z = o.think().toNanos() / 1e9;
        double expected = o.users() / (z + resp.avgMs() / 1e3);
        out.println();
        out.printf(Locale.ROOT, "users                 %,d%n", o.users());
        out.printf(
                Locale.ROOT,
                "steps/s               %,.0f (Little's law expects %,.0f: %.1f%%), errors %d%n",
                r.stepsPerSecond(),
                expected,
                100 * r.stepsPerSecond() / expected,
                r.summary().overall().errors());
        out.printf(
                Locale.ROOT,
                "think-time lag        p50 %.3f  p95 %.3f  p99 %.3f  max %.3f ms (%,d steps)%n",
                lag.p50Ms(),
                lag.p95Ms(),
                lag.p99Ms(),
                lag.maxMs(),
                lag.count());
        out.printf(
                Locale.ROOT,
                "response time         avg %.3f  p99 %.3f  max %.3f ms%n",
                resp.avgMs(),
                resp.p99Ms(),
                resp.maxMs());
        out.printf(
                Locale.ROOT,
                "heap after GC         %,d MiB with all users logged on (%,d MiB before log-on), "
                        + "max heap %,d MiB%n",
                r.heapAfterGcBytes() >> 20,
                r.heapBaselineBytes() >> 20,
                HeapProbe.maxHeap() >> 20);
        out.printf(
                Locale.ROOT,
                "heap per user         %,d B = user context %,d B + %,d B of session, virtual thread "
                        + "and driver state%n",
                r.heapBytesPerUser(),
                o.appServer().userContextBytes(),
                r.heapBytesPerUser() - o.appServer().userContextBytes());
        out.printf(
                Locale.ROOT,
                "JVM CPU               %.2f cores, %.1f us per step:",
                r.cpu().cores(r.cpu().jvmNanos()),
                r.jvmMicrosPerStep());
        for (String g : ThreadGroups.ALL) {
            if (r.cpu().group(g) > 0) {
                out.printf(Locale.ROOT, " %s %.1f;", g.replaceFirst(" \\(.*", ""), r.groupMicrosPerStep(g));
            }
        }
        out.println();
        out.println(HostLoad.describe(r.cpu()));
        boolean met = lag.p99Ms() < TARGET_LAG_P99_MS && r.stepsPerSecond() >= 0.97 * expected;
        out.printf(
                Locale.ROOT,
                "target: think-time lag p99 < %.0f ms and throughput on Little's law -> %s%n",
                TARGET_LAG_P99_MS,
                met ? "MET" : "NOT MET");
        out.flush();
        return met;
    }
}
