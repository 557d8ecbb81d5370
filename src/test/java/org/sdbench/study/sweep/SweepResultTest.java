package org.sdbench.study.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.report.Json;
import org.sdbench.report.ResultSchema;

/** sweep.json as a whole: the three blocks from the runs, its schema, and the round trip --resume reads. */
class SweepResultTest {
    private static final double LIMIT = 0.1;
    private static final List<Integer> AROUND = List.of(85, 100, 115);

    private static SweepRun run(String phase, int round, int position, int users, double avgMs) {
        double x = users / (0.2 + avgMs / 1000);
        Map<String, Double> cpu = new LinkedHashMap<>();
        cpu.put(SweepRun.APP_TIER, (0.1 + x * 0.002) / 2 * 100);
        cpu.put(SweepRun.DATABASE, (0.05 + x * 0.003) / 2 * 100);
        return Runs.run(phase, round, position, users, avgMs, 0, x, cpu);
    }

    private static SweepResult.Plan plan(List<Integer> around) {
        return new SweepResult.Plan("automatic", around, 3, 0.1, 40, null, 1, 2000);
    }

    private static List<SweepRun> sweep() {
        List<SweepRun> runs = new ArrayList<>();
        runs.add(run(SweepRun.WARM_UP, 0, 0, 10, 90));
        runs.add(run(SweepRun.SEARCH, 0, 0, 10, 6));
        runs.add(run(SweepRun.SEARCH, 0, 0, 20, 6.5));
        runs.add(run(SweepRun.SEARCH, 0, 0, 40, 8));
        runs.add(run(SweepRun.SEARCH, 0, 0, 80, 40));
        runs.add(run(SweepRun.SEARCH, 0, 0, 160, 900));
        double[][] avg = {{45, 95, 210}, {50, 110, 190}, {40, 90, 230}};
        for (int round = 1; round <= 3; round++) {
            for (int i = 0; i < 3; i++) {
                runs.add(run(SweepRun.ROUND, round, i + 1, AROUND.get(i), avg[round - 1][i]));
            }
        }
        return runs;
    }

    static SweepResult sample() {
        return result(sweep(), plan(AROUND));
    }

    private static SweepResult result(List<SweepRun> runs, SweepResult.Plan plan) {
        return SweepResult.of("note", "t", "now", null, LIMIT, 0.2, plan, runs, null, 100);
    }

    @Test
    void of_searchAndThreeRounds_capacityModelAndSizing() {
        var r = result(sweep(), plan(AROUND));
        var c = r.capacity();
        assertNotNull(c, r.notes().toString());
        assertEquals(3, c.runsPerLevel());
        assertTrue(c.users() >= c.ci95().get(0) && c.users() <= c.ci95().get(1), c.toString());
        assertTrue(c.users() > 85 && c.users() < 115, c.toString());
        assertEquals(8, r.levels().size(), "the warm-up left out: 10, 20, 40, 80, 160 and the three round levels");
        assertNotNull(r.model(), r.notes().toString());
        assertEquals(100, r.model().heldOut().users(), "the highest level under the limit on average");
        assertEquals(List.of(10, 20, 40), r.model().calibratedOnUsers(), "80 and 85 ran the host over 80 %");
        var s = r.sizing();
        assertNotNull(s);
        assertNotNull(s.sapsLikeAtKnee());
        assertNull(s.sapsLikeAtCalibrationSpeed(), "no run states a calibration speed");
        assertEquals(s.sapsLikeAtKnee() / c.crossingMean(), s.sapsLikePerUser(), 1e-9);
        assertNotNull(s.usersAt65PercentCpu());
        assertTrue(s.bottleneck().startsWith("host CPU"), s.bottleneck());
        assertEquals(
                List.of(SweepRun.APP_TIER, SweepRun.DATABASE),
                s.tiers().stream().map(SweepResult.TierShare::tier).toList());
        assertEquals(16384, s.rollAreaBytesPerUser(), 1e-9);
        assertEquals(100_000_000.0 / 2000, s.databaseBytesPerUser(), 1e-9);
    }

    @Test
    void of_searchOnly_noCapacityButACurve() {
        var runs = sweep().subList(0, 5);
        var r = result(runs, plan(null));
        assertNull(r.capacity());
        assertNull(r.sizing());
        assertTrue(
                r.notes().stream().anyMatch(n -> n.contains("do not bracket")),
                r.notes().toString());
    }

    @Test
    void json_followsItsSchemaAndReadsBackForResume(@TempDir Path dir) throws Exception {
        var r = result(sweep(), plan(AROUND));
        assertEquals(List.of(), ResultSchema.load(SweepStore.SCHEMA).errors(Json.MAPPER.valueToTree(r)));
        var none = result(sweep().subList(0, 3), plan(null));
        assertEquals(List.of(), ResultSchema.load(SweepStore.SCHEMA).errors(Json.MAPPER.valueToTree(none)));
        SweepStore.save(dir, r);
        var back = SweepStore.load(dir);
        assertEquals(r.runs(), back.runs());
        assertEquals(r.plan(), back.plan());
        assertEquals(r.capacity(), result(back.runs(), back.plan()).capacity());
        var tree = Json.MAPPER.readTree(dir.resolve(SweepStore.FILE).toFile());
        for (String key : List.of("users", "ci95", "limitSeconds", "runsPerLevel", "method")) {
            assertTrue(tree.path("capacity").has(key), "capacity." + key);
        }
        for (String key :
                List.of("users", "predictedDsh", "measuredDsh", "predictedAvgMs", "measuredAvgMs", "errorPercent")) {
            assertTrue(tree.path("model").path("heldOut").has(key), "model.heldOut." + key);
        }
        for (String key : List.of(
                "sapsLikeAtKnee",
                "sapsLikeAtCalibrationSpeed",
                "sapsLikePerUser",
                "usersAt65PercentCpu",
                "bottleneck")) {
            assertTrue(tree.path("sizing").has(key), "sizing." + key);
        }
    }
}
