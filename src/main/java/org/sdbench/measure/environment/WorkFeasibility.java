package org.sdbench.measure.environment;

import java.util.Locale;
import org.sdbench.config.ConfigException;
import org.sdbench.config.WorkUnits;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.core.SdStep;

/** Refuses work units that would keep a work process busy for minutes per step on this host. */
public final class WorkFeasibility {
    /** A dialog step or update module longer than this on one core is a typo, not a workload. */
    public static final double MAX_SECONDS = 60;

    private WorkFeasibility() {}

    /** @param calibration this host's speed; null skips the check (the static bound still holds) */
    public static void require(WorkloadConfig w, Calibration calibration) {
        if (calibration == null || calibration.unitsPerCpuSecond() <= 0) {
            return;
        }
        for (SdStep st : SdStep.LOOP) {
            check(
                    "workload.steps[" + st.tx() + "/" + st.stepName() + "].work",
                    w.step(st).units(),
                    calibration);
        }
        for (String module : w.updateWork().keySet()) {
            check("workload.updateWork." + module, w.updateWorkOf(module), calibration);
        }
    }

    private static void check(String key, WorkUnits u, Calibration c) {
        double seconds = u.total() / c.unitsPerCpuSecond();
        if (seconds > MAX_SECONDS) {
            throw new ConfigException(String.format(
                    Locale.ROOT,
                    "'%s' = %d units is not allowed: %.0f s of one core on "
                            + "this host (%.2f M units per CPU second); at most %.0f s per step or module",
                    key,
                    u.total(),
                    seconds,
                    c.unitsPerCpuSecond() / 1e6,
                    MAX_SECONDS));
        }
    }
}
