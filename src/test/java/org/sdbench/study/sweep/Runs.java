package org.sdbench.study.sweep;

import java.util.LinkedHashMap;
import java.util.Map;

/** Sweep runs for tests: a run at a level with its response, throughput and CPU by tier. */
final class Runs {
    private Runs() {}

    static SweepRun run(String phase, int round, int position, int users, double avgMs, double stepsPerSecond) {
        return run(phase, round, position, users, avgMs, 0, stepsPerSecond, Map.of());
    }

    static SweepRun run(
            String phase,
            int round,
            int position,
            int users,
            double avgMs,
            double waitMs,
            double stepsPerSecond,
            Map<String, Double> cpu) {
        double window = 60;
        double busy = cpu.values().stream().mapToDouble(Double::doubleValue).sum();
        return new SweepRun(
                phase,
                round,
                position,
                users,
                "u" + users + "-" + phase + round + "." + position,
                window,
                Math.round(stepsPerSecond * window),
                0,
                avgMs,
                avgMs * 2,
                waitMs,
                stepsPerSecond * 3600,
                stepsPerSecond * 60,
                null,
                cpu.isEmpty() ? null : busy,
                2,
                new LinkedHashMap<>(cpu),
                null,
                4,
                16384L * users,
                1_000_000L * 100,
                0,
                30,
                false);
    }

    static SweepRun round(int round, int position, int users, double avgMs) {
        return run(SweepRun.ROUND, round, position, users, avgMs, users / (0.2 + avgMs / 1000));
    }
}
