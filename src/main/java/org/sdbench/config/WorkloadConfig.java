package org.sdbench.config;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sdbench.core.SdStep;

/**
 * The benchmark loop definition: think time, order size, list length, master-data sizes, number ranges,
 * and the simulated ABAP work of each dialog step and update module.
 */
public record WorkloadConfig(
        String name,
        Duration thinkTime,
        double thinkTimeJitter,
        int lineItems,
        int listLength,
        int customersPerUser,
        int materialsPerUser,
        int plants,
        long initialStock,
        int updatePayloadBytes,
        Map<String, Integer> numberRangeBuffers,
        List<StepConfig> steps,
        Map<String, Map<String, Long>> updateWork,
        WorkCalibration calibration) {

    /** The same workload with another think time and other work per step and per update module (benches). */
    public WorkloadConfig withWork(
            Duration think, List<StepConfig> otherSteps, Map<String, Map<String, Long>> otherUpdateWork) {
        return new WorkloadConfig(
                name,
                think,
                thinkTimeJitter,
                lineItems,
                listLength,
                customersPerUser,
                materialsPerUser,
                plants,
                initialStock,
                updatePayloadBytes,
                numberRangeBuffers,
                otherSteps,
                otherUpdateWork,
                calibration);
    }

    /** Number-range objects the transactions draw from. */
    public static final List<String> NUMBER_RANGE_OBJECTS =
            List.of("RV_BELEG", "MATBELEG", "AENDBELEG", "KONV", "RF_BELEG");

    public WorkloadConfig {
        ConfigException.require(name != null && !name.isBlank(), "workload.name", name, "a non-empty name");
        ConfigException.require(
                thinkTime != null && !thinkTime.isNegative(),
                "workload.thinkTime",
                thinkTime,
                "a duration >= 0, such as 10s");
        ConfigException.require(
                thinkTimeJitter >= 0 && thinkTimeJitter < 1,
                "workload.thinkTimeJitter",
                thinkTimeJitter,
                "a fraction from 0 (fixed) to below 1");
        ConfigException.require(lineItems >= 1 && lineItems <= 999, "workload.lineItems", lineItems, "1 to 999");
        ConfigException.require(
                listLength >= 1 && listLength <= 10_000, "workload.listLength", listLength, "1 to 10000");
        ConfigException.require(
                customersPerUser >= 1 && customersPerUser <= 1000,
                "workload.customersPerUser",
                customersPerUser,
                "1 to 1000");
        ConfigException.require(
                materialsPerUser >= lineItems && materialsPerUser <= 10_000,
                "workload.materialsPerUser",
                materialsPerUser,
                "from workload.lineItems (" + lineItems + ") to 10000");
        ConfigException.require(plants >= 1 && plants <= 99, "workload.plants", plants, "1 to 99");
        ConfigException.require(initialStock >= 1, "workload.initialStock", initialStock, "1 or more");
        ConfigException.require(
                updatePayloadBytes >= 0 && updatePayloadBytes <= 1 << 20,
                "workload.updatePayloadBytes",
                updatePayloadBytes,
                "0 (no filler) to 1048576 bytes per V1 update module");
        numberRangeBuffers = Map.copyOf(checkBuffers(numberRangeBuffers));
        steps = List.copyOf(checkSteps(steps));
        updateWork = checkUpdateWork(updateWork);
    }

    /**
     * Work units per update module (V1 and V2), by module name; which names exist is checked when
     * the app tier wires its modules, because the modules belong to the transactions.
     */
    private static Map<String, Map<String, Long>> checkUpdateWork(Map<String, Map<String, Long>> work) {
        Map<String, Map<String, Long>> m = new TreeMap<>();
        if (work != null) {
            work.forEach((module, units) ->
                    m.put(module, StepConfig.toMap(WorkUnits.parse("workload.updateWork." + module, units))));
        }
        return Collections.unmodifiableMap(m);
    }

    /** The configured work of an update module; none when the workload file does not name it. */
    public WorkUnits updateWorkOf(String module) {
        return WorkUnits.parse("workload.updateWork." + module, updateWork.get(module));
    }

    private static Map<String, Integer> checkBuffers(Map<String, Integer> buffers) {
        Map<String, Integer> m = new TreeMap<>(buffers == null ? Map.of() : buffers);
        for (var e : m.entrySet()) {
            ConfigException.require(
                    NUMBER_RANGE_OBJECTS.contains(e.getKey()),
                    "workload.numberRangeBuffers." + e.getKey(),
                    e.getValue(),
                    "keys " + NUMBER_RANGE_OBJECTS);
            ConfigException.require(
                    e.getValue() != null && e.getValue() >= 0 && e.getValue() <= 1_000_000,
                    "workload.numberRangeBuffers." + e.getKey(),
                    e.getValue(),
                    "0 (unbuffered) to 1000000");
        }
        for (String o : NUMBER_RANGE_OBJECTS) {
            ConfigException.require(
                    m.containsKey(o),
                    "workload.numberRangeBuffers." + o,
                    null,
                    "a buffer size for every object " + NUMBER_RANGE_OBJECTS);
        }
        return m;
    }

    private static List<StepConfig> checkSteps(List<StepConfig> steps) {
        List<StepConfig> s = steps == null ? List.of() : steps;
        String expected = SdStep.LOOP.stream().map(SdStep::label).toList().toString();
        ConfigException.require(
                s.size() == SdStep.LOOP.size(),
                "workload.steps",
                s.size() + " steps",
                "exactly the 15 steps of the SD loop in order: " + expected);
        for (int i = 0; i < s.size(); i++) {
            SdStep want = SdStep.LOOP.get(i);
            StepConfig got = s.get(i);
            ConfigException.require(
                    got.tx() == want.tx() && got.step().equals(want.stepName()),
                    "workload.steps[" + i + "]",
                    got.tx() + "/" + got.step(),
                    "step " + want.label() + " at this position");
        }
        return s;
    }

    public StepConfig step(SdStep step) {
        return steps.get(step.ordinal());
    }

    public int bufferSize(String object) {
        return numberRangeBuffers.get(object);
    }
}
