package org.sdbench.study.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A closed queueing model of the SD system with one station per resource the host has: N users
 * think ({@code thinkSeconds}, a delay), then a dialog step waits for one of the {@code workProcesses}
 * dialog work processes and holds it while it uses the CPU pools ({@link Station}: the database's
 * cores, the app tier's cores, or both on one shared pool) and a latency that does not queue (DB
 * I/O, round trips, locks). The work-process pool is solved as a flow-equivalent server (Lazowska
 * et al., Quantitative System Performance, ch. 20): the CPU subnetwork with j steps inside is solved
 * by exact MVA for j = 1..W (multi-core stations by Seidmann's approximation), and its throughput
 * with min(j, W) steps becomes the rate of a load-dependent station that, with the think delay,
 * has a closed-form product-form solution. CPU work a step causes outside its own work process (the
 * update task, the driver) and CPU busy with other work inflate the step's CPU demand by
 * 1 / (1 - their utilisation), solved as a fixed point in the throughput.
 */
public record QueueingModel(double thinkSeconds, double latencySeconds, int workProcesses, List<Station> stations) {

    /**
     * One pool of CPUs.
     *
     * @param pathDemandSeconds    CPU per dialog step while the step holds its work process
     * @param offPathDemandSeconds CPU per dialog step outside it (update task, driver)
     * @param backgroundCores      cores the sweep's processes keep busy whatever the throughput
     * @param otherCores           cores other programs kept busy while the calibration levels ran
     */
    public record Station(
            String name,
            List<String> tiers,
            int cores,
            double pathDemandSeconds,
            double offPathDemandSeconds,
            double backgroundCores,
            double otherCores) {
        public Station {
            if (cores < 1 || !(pathDemandSeconds >= 0) || !(offPathDemandSeconds >= 0)) {
                throw new IllegalArgumentException("a CPU station needs 1 or more cores and demands >= 0: " + name
                        + " with " + cores + " cores, " + pathDemandSeconds + " s and " + offPathDemandSeconds + " s");
            }
            tiers = List.copyOf(tiers);
        }

        double demandSeconds() {
            return pathDemandSeconds + offPathDemandSeconds;
        }

        /** The most dialog steps per second this pool serves. */
        double boundStepsPerSecond() {
            return Math.max(0, cores - backgroundCores - otherCores) / demandSeconds();
        }
    }

    /**
     * One predicted level.
     *
     * @param cpuBusy            each station's busy fraction, other work included, in the order of the stations
     * @param workProcessesBusy  the busy fraction of the dialog work processes
     * @param holdSeconds        how long a step holds its work process (the response less the dispatcher wait)
     */
    public record Point(
            int users,
            double responseSeconds,
            double stepsPerSecond,
            List<Double> cpuBusy,
            double workProcessesBusy,
            double holdSeconds) {
        public double dialogStepsPerHour() {
            return stepsPerSecond * 3600;
        }
    }

    /** Where the searches for a user count give up: far beyond any host a sweep measures. */
    static final int MOST_USERS = 1 << 17;

    public QueueingModel {
        if (!(thinkSeconds >= 0) || !(latencySeconds >= 0) || workProcesses < 1 || stations.isEmpty()) {
            throw new IllegalArgumentException("the model needs think >= 0, latency >= 0, 1 or more work processes"
                    + " and a CPU station: " + thinkSeconds + ", " + latencySeconds + ", " + workProcesses + ", "
                    + stations);
        }
        stations = List.copyOf(stations);
    }

    /** The same model on a host without the other programs' load. */
    public QueueingModel withoutOtherLoad() {
        return new QueueingModel(
                thinkSeconds,
                latencySeconds,
                workProcesses,
                stations.stream()
                        .map(s -> new Station(
                                s.name(),
                                s.tiers(),
                                s.cores(),
                                s.pathDemandSeconds(),
                                s.offPathDemandSeconds(),
                                s.backgroundCores(),
                                0))
                        .toList());
    }

    public Point at(int users) {
        if (users < 1) {
            throw new IllegalArgumentException("users from 1, not " + users);
        }
        double x = users / (thinkSeconds + holdSeconds(1));
        Solution s = solve(users, x);
        for (int i = 0; i < 500 && Math.abs(s.throughput - x) > 1e-10 * x; i++) {
            // Damped: a higher throughput inflates the demands and so lowers the next estimate.
            x = (x + s.throughput) / 2;
            s = solve(users, x);
        }
        List<Double> busy = new ArrayList<>();
        for (Station st : stations) {
            busy.add(Math.min(
                    1, (st.backgroundCores() + st.otherCores() + s.throughput * st.demandSeconds()) / st.cores()));
        }
        // Little's law on the busy work processes gives the time each step holds one.
        return new Point(
                users,
                s.queue / s.throughput,
                s.throughput,
                busy,
                s.workProcessesBusy,
                s.workProcessesBusy * workProcesses / s.throughput);
    }

    /** The largest user count whose predicted average response stays under the limit; empty if not even one. */
    public OptionalInt maxUsersUnder(double limitSeconds) {
        return lastBelow(n -> at(n).responseSeconds() < limitSeconds);
    }

    /**
     * The largest user count at which no CPU pool is busier than {@code fraction}; empty if not even
     * one, or if no CPU pool ever gets that busy (another resource saturates first).
     */
    public OptionalInt maxUsersAtCpu(double fraction) {
        double bound = workProcesses / holdSeconds(1);
        for (Station s : stations) {
            bound = Math.min(bound, s.boundStepsPerSecond());
        }
        double most = 0;
        for (Station s : stations) {
            most = Math.max(most, (s.backgroundCores() + s.otherCores() + bound * s.demandSeconds()) / s.cores());
        }
        if (most <= fraction) {
            return OptionalInt.empty();
        }
        return lastBelow(n -> at(n).cpuBusy().stream().allMatch(b -> b <= fraction));
    }

    /** The resource with the lowest throughput bound: the one that saturates first. */
    public String bottleneck() {
        double wp = workProcesses / holdSeconds(1);
        String name = "dialog work processes (" + workProcesses + ")";
        for (Station s : stations) {
            if (s.boundStepsPerSecond() < wp) {
                wp = s.boundStepsPerSecond();
                name = s.name() + " (" + String.join(" + ", s.tiers()) + ", " + s.cores() + " CPUs)";
            }
        }
        return name;
    }

    private interface Test {
        boolean holds(int users);
    }

    private static OptionalInt lastBelow(Test t) {
        if (!t.holds(1)) {
            return OptionalInt.empty();
        }
        int lo = 1;
        int hi = 2;
        while (t.holds(hi)) {
            lo = hi;
            if (hi >= MOST_USERS) {
                return OptionalInt.of(hi);
            }
            hi *= 2;
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (t.holds(mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return OptionalInt.of(lo);
    }

    /** A step's time in its work process with {@code inside} steps in the CPU subnetwork at throughput x = 0. */
    private double holdSeconds(int inside) {
        return inside / inner(inside, 0)[inside - 1];
    }

    private record Solution(double throughput, double queue, double workProcessesBusy) {}

    /** The throughput of the CPU subnetwork with 1..j steps inside, its demands inflated at throughput x. */
    private double[] inner(int j, double x) {
        int k = stations.size();
        double[] queueing = new double[k];
        double fixed = latencySeconds;
        for (int s = 0; s < k; s++) {
            Station st = stations.get(s);
            double off = (st.backgroundCores() + st.otherCores() + x * st.offPathDemandSeconds()) / st.cores();
            double d = st.pathDemandSeconds() / (1 - Math.min(0.98, off));
            // Seidmann: m cores as one core m times as fast plus a delay of the rest of the demand.
            queueing[s] = d / st.cores();
            fixed += d * (st.cores() - 1) / st.cores();
        }
        double[] q = new double[k];
        double[] rate = new double[j];
        for (int n = 1; n <= j; n++) {
            double[] r = new double[k];
            double total = fixed;
            for (int s = 0; s < k; s++) {
                r[s] = queueing[s] * (1 + q[s]);
                total += r[s];
            }
            rate[n - 1] = total > 0 ? n / total : Double.MAX_VALUE;
            for (int s = 0; s < k; s++) {
                q[s] = rate[n - 1] * r[s];
            }
        }
        return rate;
    }

    /** The outer network (think delay and the work-process pool as one load-dependent station) at throughput x. */
    private Solution solve(int users, double x) {
        double[] rate = inner(Math.min(users, workProcesses), x);
        if (thinkSeconds == 0) {
            double mu = rate[Math.min(users, workProcesses) - 1];
            return new Solution(mu, users, Math.min(users, workProcesses) / (double) workProcesses);
        }
        // p(j) is proportional to Z^(N-j) / (N-j)! / (mu(1) ... mu(j)), in logarithms to stay finite.
        double[] log = new double[users + 1];
        double logZ = Math.log(thinkSeconds);
        double logRates = 0;
        double logFact = 0;
        double[] logFactorial = new double[users + 1];
        for (int i = 1; i <= users; i++) {
            logFact += Math.log(i);
            logFactorial[i] = logFact;
        }
        double max = Double.NEGATIVE_INFINITY;
        for (int j = 0; j <= users; j++) {
            if (j > 0) {
                logRates += Math.log(rate[Math.min(j, workProcesses) - 1]);
            }
            log[j] = (users - j) * logZ - logFactorial[users - j] - logRates;
            max = Math.max(max, log[j]);
        }
        double sum = 0;
        double throughput = 0;
        double queue = 0;
        double busy = 0;
        for (int j = 0; j <= users; j++) {
            double p = Math.exp(log[j] - max);
            sum += p;
            if (j > 0) {
                throughput += p * rate[Math.min(j, workProcesses) - 1];
                queue += p * j;
                busy += p * Math.min(j, workProcesses);
            }
        }
        return new Solution(throughput / sum, queue / sum, busy / sum / workProcesses);
    }
}
