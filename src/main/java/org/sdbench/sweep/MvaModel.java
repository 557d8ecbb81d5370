package org.sdbench.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * Mean-value analysis of the closed benchmark system: N users cycle through a delay (think time
 * plus the latency that does not queue) and the host CPU, a queueing station with {@code servers}
 * cores. Multi-server stations use Seidmann's approximation: a single server with demand D/m plus
 * a pure delay of D(m-1)/m, which is exact at low and high load and close in between. The number of
 * servers may be fractional: the CPUs left to the benchmark once other load on the host is taken out.
 */
public record MvaModel(double thinkSeconds, double delaySeconds, double cpuDemandSeconds, double servers) {

    public MvaModel {
        if (thinkSeconds < 0 || delaySeconds < 0 || cpuDemandSeconds <= 0 || servers < 1 || Double.isNaN(servers)) {
            throw new IllegalArgumentException(
                    "MVA needs think >= 0, delay >= 0, CPU demand > 0 and >= 1 server: think " + thinkSeconds
                            + ", delay " + delaySeconds + ", demand " + cpuDemandSeconds + ", servers " + servers);
        }
    }

    /** One predicted point of the capacity curve. */
    public record Point(int users, double responseSeconds, double stepsPerSecond, double cpuUtilisation) {
        public double dialogStepsPerHour() {
            return stepsPerSecond * 3600;
        }
    }

    /**
     * Builds the model from a measured low-load level: CPU seconds per dialog step (host CPU busy
     * time over steps) and the response time seen there; what the CPU demand does not explain is
     * latency that does not queue (network, I/O waits, the update wait).
     */
    public static MvaModel calibrate(
            double thinkSeconds, double measuredResponseSeconds, double cpuSecondsPerStep, double cores) {
        double delay = Math.max(0, measuredResponseSeconds - cpuSecondsPerStep);
        return new MvaModel(thinkSeconds, delay, cpuSecondsPerStep, cores);
    }

    /** Exact MVA recursion from 1 to {@code maxUsers}; the curve has one point per user count. */
    public List<Point> curve(int maxUsers) {
        double queueDemand = cpuDemandSeconds / servers;
        double fixed = cpuDemandSeconds * (servers - 1) / servers + delaySeconds;
        double queue = 0;
        List<Point> out = new ArrayList<>(maxUsers);
        for (int n = 1; n <= maxUsers; n++) {
            double residence = queueDemand * (1 + queue);
            double response = residence + fixed;
            double throughput = n / (thinkSeconds + response);
            queue = throughput * residence;
            out.add(new Point(n, response, throughput, Math.min(1, throughput * cpuDemandSeconds / servers)));
        }
        return out;
    }

    /** The largest user count whose predicted response time stays under the limit (0 if none). */
    public int maxUsersUnder(double limitSeconds, int searchUpTo) {
        int best = 0;
        for (Point p : curve(searchUpTo)) {
            if (p.responseSeconds() < limitSeconds) {
                best = p.users();
            } else {
                break;
            }
        }
        return best;
    }
}
