package org.sdbench.apptier.instance.update;

import java.time.Duration;
import java.util.Map;
import org.sdbench.config.WorkUnits;

/**
 * How an {@link UpdateTask} runs besides what it is wired to.
 *
 * @param moduleWork simulated ABAP work per update module name (modules not named do none)
 * @param hooks      what tests observe and inject
 * @param sweepEvery the periodic sweep's period; zero: no periodic sweep, only {@link UpdateTask#sweepNow} (tests
 *                   drive it)
 */
public record UpdateTaskOptions(Map<String, WorkUnits> moduleWork, UpdateHooks hooks, Duration sweepEvery) {
    private static final Duration SWEEP_EVERY = Duration.ofSeconds(2);

    /** SQL only (no simulated work), swept every two seconds. */
    public static final UpdateTaskOptions DEFAULT = withWork(Map.of());

    public UpdateTaskOptions {
        moduleWork = Map.copyOf(moduleWork);
    }

    /** Simulated work per module, swept every two seconds. */
    public static UpdateTaskOptions withWork(Map<String, WorkUnits> moduleWork) {
        return new UpdateTaskOptions(moduleWork, UpdateHooks.NONE, SWEEP_EVERY);
    }

    /** No simulated work, with hooks and a sweep period of the caller's. */
    public static UpdateTaskOptions driven(UpdateHooks hooks, Duration sweepEvery) {
        return new UpdateTaskOptions(Map.of(), hooks, sweepEvery);
    }
}
