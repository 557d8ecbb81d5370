package org.sdbench.apptier;

import java.util.List;

/**
 * What a tier of separate processes adds to a run's facts: each process with its CPU samples,
 * the instances lost, the users' logons after a loss and what each instance served. The input of
 * {@code report.ThreeTierSection}.
 *
 * @param centralGone the central services went away during the run
 * @param everyInstanceLost every app-server instance was lost: none took over the others' users or update requests
 */
public record RemoteFacts(
        List<ProcessSamples> processes,
        List<Integer> lostInstances,
        long relogons,
        List<InstanceSteps> instances,
        boolean centralGone,
        boolean everyInstanceLost) {

    /** One process's CPU time at one moment, for CPU per tier over the window. */
    public record CpuSample(long nanoTime, long cpuNanos) {
        /** The sample taken nearest to {@code t}: the harvest that opened or closed the window. */
        public static CpuSample nearest(List<CpuSample> samples, long t) {
            CpuSample best = samples.get(0);
            for (var s : samples) {
                if (Math.abs(s.nanoTime() - t) < Math.abs(best.nanoTime() - t)) {
                    best = s;
                }
            }
            return best;
        }
    }

    /** One instance's successful steps in the window: what it served, side by side with the others. */
    public record InstanceSteps(int number, long steps, long dbNs, long dbCalls, long serverNs) {}

    /**
     * One process: who and where, its host's logical CPUs, its CPU time samples, and whether it
     * died during the run (then it used no CPU after its last sample).
     */
    public record ProcessSamples(
            String role, String host, long pid, String version, int cores, List<CpuSample> samples, boolean dead) {}
}
