package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.measure.metrics.Components;

/**
 * The real SD transactions with a short think time, so the system runs saturated, and where the
 * host's CPU went over the window: this JVM (split into configured ABAP CPU and the simulator's
 * own), the benchmark database's PostgreSQL backends, other postgres processes, everything else.
 */
public final class SaturationBench {

    /** What to measure. */
    public record Options(
            int users,
            Duration think,
            Duration rampUp,
            Duration window,
            boolean keepCpu,
            AppServerConfig appServer,
            WorkloadConfig workload,
            long seed) {}

    private final BenchRun runner;
    private final PrintWriter out;

    public SaturationBench(BenchRun runner, PrintWriter out) {
        this.runner = runner;
        this.out = out;
    }

    /** Runs once and prints the CPU split; true when PostgreSQL, not this JVM, used most of the busy CPU. */
    public boolean run(Options o) throws InterruptedException {
        WorkloadConfig w =
                o.keepCpu() ? RunSpec.withThink(o.workload(), o.think()) : RunSpec.zeroCpu(o.workload(), o.think());
        RunSpec spec = RunSpec.sql("saturation", o.appServer(), w, o.users(), o.seed())
                .phases(o.rampUp(), o.window(), Duration.ofSeconds(2));
        out.printf(
                Locale.ROOT,
                "bench saturation: %d users, think %d ms, SD transactions, %s, %d x %d dialog + %d update "
                        + "WPs, ramp-up %d s, window %d s%n",
                o.users(),
                o.think().toMillis(),
                o.keepCpu() ? "configured work per step" : "no work per step",
                o.appServer().instances(),
                o.appServer().dialogWorkProcesses(),
                o.appServer().updateWorkProcesses(),
                o.rampUp().toSeconds(),
                o.window().toSeconds());
        out.flush();
        BenchResult r = runner.run(spec);
        return print(r);
    }

    private boolean print(BenchResult r) {
        CpuWindow c = r.cpu();
        Components avg = r.summary().overall().avg();
        out.println();
        out.printf(
                Locale.ROOT,
                "throughput            %,.0f steps/s = %,.0f DS/h, errors %d%n",
                r.stepsPerSecond(),
                r.stepsPerSecond() * 3600,
                r.summary().overall().errors());
        out.printf(
                Locale.ROOT,
                "response time         avg %.2f ms: wait %.2f, CPU %.2f, DB %.2f, enqueue %.2f, "
                        + "number range %.2f, update wait %.2f, roll in %.3f ms%n",
                r.summary().overall().response().avgMs(),
                avg.waitMs(),
                avg.cpuMs(),
                avg.dbMs(),
                avg.enqueueMs(),
                avg.numberRangeMs(),
                avg.updateWaitMs(),
                avg.rollInMs());
        if (!c.hasMachine()) {
            out.println("host CPU              unknown (no /proc/stat): only the JVM's CPU is known");
        } else {
            out.printf(
                    Locale.ROOT,
                    "host CPU              %.2f CPUs, %.1f%% busy over the window%n",
                    c.machineCpus(),
                    c.percentOfMachine(c.machineBusyNanos()));
        }
        long sdbench = r.simulatorNanos();
        long configured = r.configuredCpuNanos();
        long sim = sdbench - configured;
        long otherPg = c.postgresNanos() - c.dbBackendNanos();
        if (r.threeTier()) {
            row("sdbench (all processes)", sdbench, r, c);
            row("  driver JVM", c.jvmNanos(), r, c);
            row("  app-server processes", r.appServerNanos(), r, c);
            row("  central services", r.centralNanos(), r, c);
        } else {
            row("sdbench JVM (all)", sdbench, r, c);
        }
        row("  dialog-step work", configured, r, c);
        row("  simulator incl. JDBC", sim, r, c);
        row("PostgreSQL backends", c.dbBackendNanos(), r, c);
        row("other postgres procs", otherPg, r, c);
        // The host's other busy CPU holds the app-server processes in three-tier: they have their rows.
        long others =
                r.threeTier() ? Math.max(0, c.otherNanos() - (sdbench - Math.max(0, c.jvmNanos()))) : c.otherNanos();
        row("everything else", others, r, c);
        double busy = c.machineBusyNanos();
        if (busy > 0) {
            out.printf(
                    Locale.ROOT,
                    "simulator share of busy host CPU: %.1f%% (JVM without configured work); PostgreSQL "
                            + "%.1f%%; PostgreSQL / simulator = %.1fx%n",
                    100 * sim / busy,
                    100 * c.postgresNanos() / busy,
                    (double) c.postgresNanos() / Math.max(1, sim));
        }
        boolean dbBound = c.postgresNanos() > sim;
        out.printf(
                Locale.ROOT,
                "bottleneck: %s%n",
                dbBound
                        ? "the DB (PostgreSQL used more CPU than the simulator)"
                        : "NOT the DB: the simulator used more CPU than PostgreSQL");
        out.flush();
        return dbBound;
    }

    private void row(String what, long nanos, BenchResult r, CpuWindow c) {
        out.printf(
                Locale.ROOT,
                "  %-24s %5.2f cores  %5.1f%% of host  %8.1f us/step%n",
                what,
                c.cores(nanos),
                c.percentOfMachine(nanos),
                nanos / 1e3 / Math.max(1, r.steps()));
    }
}
