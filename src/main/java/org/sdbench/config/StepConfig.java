package org.sdbench.config;

import java.time.Duration;
import org.sdbench.protocol.Tx;

/** Per-step settings from the workload file: which step, and how much real CPU work it does. */
public record StepConfig(Tx tx, String step, Duration cpu) {
    public StepConfig {
        ConfigException.require(tx != null, "workload.steps[].tx", null, "one of VA01, VL01N, VA03, VL02N, VA05, VF01");
        ConfigException.require(step != null && !step.isBlank(), "workload.steps[].step", step, "a step name");
        ConfigException.require(cpu != null && !cpu.isNegative() && cpu.toMillis() <= 10_000,
                "workload.steps[" + tx + "/" + step + "].cpu", cpu, "a duration from 0 to 10s");
    }
}
