package org.sdbench.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sdbench.core.Tx;

/**
 * Per-step settings from the workload file: which step, and how much simulated ABAP work it does,
 * in work units per kind ({@code work: {itab: 9000, string: 3000}}; none when left out).
 */
public record StepConfig(Tx tx, String step, Map<String, Long> work) {
    public StepConfig {
        ConfigException.require(tx != null, "workload.steps[].tx", null, "one of VA01, VL01N, VA03, VL02N, VA05, VF01");
        ConfigException.require(step != null && !step.isBlank(), "workload.steps[].step", step, "a step name");
        work = toMap(WorkUnits.parse("workload.steps[" + tx + "/" + step + "].work", work));
    }

    /** The step's work, validated. */
    public WorkUnits units() {
        return WorkUnits.parse("workload.steps[" + tx + "/" + step + "].work", work);
    }

    static Map<String, Long> toMap(WorkUnits u) {
        var m = new LinkedHashMap<String, Long>();
        u.units().forEach((k, v) -> m.put(k.key(), v));
        return Collections.unmodifiableMap(m);
    }
}
