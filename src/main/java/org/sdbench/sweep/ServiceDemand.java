package org.sdbench.sweep;

import java.util.List;

/**
 * Service demand of a dialog step on the host CPU, from the low levels of a sweep: the slope of
 * the simulator's and the DB server's CPU use over throughput (what each step costs), with the
 * intercept (timers, background work) and other processes' load taken off the CPUs the benchmark
 * can use. Low levels are those with the host under 80 % busy: there the demand is not yet
 * inflated by contention.
 *
 * @param responseSeconds the lowest average response time among the calibration levels (the first
 *                        level of a sweep also pays for JIT warm-up, so it is not always the lowest)
 */
record ServiceDemand(double demandSeconds, double servers, double responseSeconds, int cpus, List<Integer> users) {
    private static final double LOW_LOAD_PERCENT = 80;

    /** Null when no level has CPU figures, or when they do not yield a positive demand per step. */
    static ServiceDemand of(List<SweepRun> sorted) {
        List<SweepRun> usable = sorted.stream()
                .filter(l -> l.hostBusyPercent() != null
                        && l.dbServerCpuPercent() != null
                        && l.steps() > 0
                        && l.windowSeconds() > 0)
                .toList();
        if (usable.isEmpty()) {
            return null;
        }
        List<SweepRun> low = usable.stream()
                .filter(l -> l.hostBusyPercent() < LOW_LOAD_PERCENT)
                .toList();
        if (low.size() < 2) {
            low = usable.subList(0, Math.min(2, usable.size()));
        }
        int cpus = low.get(0).logicalCpus();
        double[] x = low.stream()
                .mapToDouble(l -> (l.steps() + l.errors()) / l.windowSeconds())
                .toArray();
        double[] y = low.stream()
                .mapToDouble(l -> (l.simulatorCpuPercent() + l.dbServerCpuPercent()) / 100 * cpus)
                .toArray();
        double demand;
        double intercept;
        if (x.length >= 2 && variance(x) > 0) {
            double mx = mean(x);
            double my = mean(y);
            double cov = 0;
            for (int i = 0; i < x.length; i++) {
                cov += (x[i] - mx) * (y[i] - my);
            }
            demand = cov / (variance(x) * x.length);
            intercept = my - demand * mx;
        } else {
            demand = y[0] / x[0];
            intercept = 0;
        }
        if (demand <= 0) {
            // Noise swamped the slope: fall back to the plain ratio at the busiest low level.
            int i = x.length - 1;
            demand = y[i] / x[i];
            intercept = 0;
        }
        if (!(demand > 0)) {
            // CPU figures this inconsistent (a host busy with other work) give no model, not a wrong one.
            return null;
        }
        double other = low.stream()
                .mapToDouble(l -> Math.max(0, l.hostBusyPercent() - l.simulatorCpuPercent() - l.dbServerCpuPercent())
                        / 100
                        * cpus)
                .average()
                .orElse(0);
        double servers = Math.max(1, cpus - Math.max(0, intercept) - other);
        double response =
                low.stream().mapToDouble(SweepRun::avgResponseMs).min().orElseThrow() / 1000;
        return new ServiceDemand(
                demand,
                servers,
                response,
                cpus,
                low.stream().map(SweepRun::users).toList());
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double d : v) {
            s += d;
        }
        return s / v.length;
    }

    private static double variance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double d : v) {
            s += (d - m) * (d - m);
        }
        return s / v.length;
    }
}
