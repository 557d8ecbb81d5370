package org.sdbench.run;

import java.util.List;
import org.sdbench.driver.RemoteDialogService;
import org.sdbench.driver.RemoteTier;

/**
 * What a tier of separate processes adds to a run's facts: each process with its CPU samples,
 * the instances lost, the users' logons after a loss and what each instance served.
 *
 * @param centralGone the central services went away during the run
 */
record RemoteFacts(
        List<ProcessSamples> processes,
        List<Integer> lostInstances,
        long relogons,
        List<RemoteDialogService.InstanceSteps> instances,
        boolean centralGone) {

    /**
     * One process: who and where, its host's logical CPUs, its CPU time samples, and whether it
     * died during the run (then it used no CPU after its last sample).
     */
    record ProcessSamples(
            String role,
            String host,
            long pid,
            String version,
            int cores,
            List<RemoteTier.CpuSample> samples,
            boolean dead) {}
}
