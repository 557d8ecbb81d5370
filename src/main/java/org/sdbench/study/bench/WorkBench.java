package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.util.Locale;
import org.sdbench.work.WorkSpeed;

/**
 * Work-unit throughput with one core busy and with every core busy, in alternating rounds so a
 * change in other load hits both alike. Each thread has its own engine, as each work process has:
 * the throughput with all cores busy should be close to cores times one core.
 */
public final class WorkBench {
    /** Required throughput of all cores over one, as a fraction of the ideal (cores): 2 cores >= 1.8x. */
    public static final double MIN_SCALING_EFFICIENCY = 0.9;

    private final PrintWriter out;

    public WorkBench(PrintWriter out) {
        this.out = out;
    }

    /** True when all cores did at least {@link #MIN_SCALING_EFFICIENCY} times cores the work of one. */
    public boolean run(int rounds, long nanosPerPhase) throws InterruptedException {
        int cores = Runtime.getRuntime().availableProcessors();
        out.printf(
                Locale.ROOT,
                "bench work: %d rounds of %d ms with 1 and with %d busy threads, mix %s%n",
                rounds,
                nanosPerPhase / 1_000_000,
                cores,
                WorkSpeed.MIX.units());
        out.flush();
        WorkSpeed.warmUp(400_000_000L);
        double oneSum = 0;
        double allSum = 0;
        double cpuOne = 0;
        double cpuAll = 0;
        for (int i = 1; i <= rounds; i++) {
            var one = WorkSpeed.measure(1, nanosPerPhase, WorkSpeed.MIX);
            var all = WorkSpeed.measure(cores, nanosPerPhase, WorkSpeed.MIX);
            oneSum += one.unitsPerSecond();
            allSum += all.unitsPerSecond();
            cpuOne += one.unitsPerCpuSecond();
            cpuAll += all.unitsPerCpuSecond();
            out.printf(
                    Locale.ROOT,
                    "  round %d: 1 thread %.3f M units/s (%.0f %% of a core), %d threads %.3f M units/s "
                            + "(%.0f %% of %d cores): %.2fx%n",
                    i,
                    one.unitsPerSecond() / 1e6,
                    100.0 * one.cpuNanos() / one.wallNanos(),
                    cores,
                    all.unitsPerSecond() / 1e6,
                    100.0 * all.cpuNanos() / all.wallNanos() / cores,
                    cores,
                    all.unitsPerSecond() / one.unitsPerSecond());
            out.flush();
        }
        double scaling = allSum / oneSum;
        boolean ok = scaling >= MIN_SCALING_EFFICIENCY * cores;
        out.printf(
                Locale.ROOT,
                "throughput    1 core %.3f M units/s, %d cores %.3f M units/s: %.2fx (target >= %.2fx)%n",
                oneSum / rounds / 1e6,
                cores,
                allSum / rounds / 1e6,
                scaling,
                MIN_SCALING_EFFICIENCY * cores);
        out.printf(
                Locale.ROOT,
                "per CPU second 1 thread %.3f M, %d threads %.3f M units (cache and SMT sharing shows "
                        + "here; other load on the host does not)%n",
                cpuOne / rounds / 1e6,
                cores,
                cpuAll / rounds / 1e6);
        out.printf(
                Locale.ROOT,
                "scaling if every thread had its core: %.2fx (%d x the per-CPU-second ratio; what the "
                        + "engines cost each other, without the host's other load)%n",
                cores * cpuAll / cpuOne,
                cores);
        out.println(
                ok
                        ? "result: the work scales with the cores"
                        : "result: MISSED: the work did not scale with the "
                                + "cores (other load on the host, or shared state between the engines)");
        out.flush();
        return ok;
    }
}
