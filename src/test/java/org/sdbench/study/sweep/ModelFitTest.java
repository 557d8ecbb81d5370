package org.sdbench.study.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Runs made from a known model: the fit finds its demands, and the held-out level is predicted, not used. */
class ModelFitTest {
    private static final double THINK = 0.2;
    private static final double LIMIT = 0.1;
    /** The system: two cores shared by an app tier of 2 ms and a database of 3 ms per step, 4 ms latency, 4 work processes. */
    private static final QueueingModel TRUTH = new QueueingModel(
            THINK,
            0.004,
            4,
            List.of(new QueueingModel.Station("host CPU", List.of("app tier", "database"), 2, 0.005, 0, 0.3, 0)));

    private static SweepRun measured(String phase, int round, int users, double cpuScale) {
        var p = TRUTH.at(users);
        double x = p.stepsPerSecond();
        Map<String, Double> cpu = new LinkedHashMap<>();
        cpu.put(SweepRun.APP_TIER, (0.2 + x * 0.002) * cpuScale / 2 * 100);
        cpu.put(SweepRun.DATABASE, (0.1 + x * 0.003) * cpuScale / 2 * 100);
        double waitMs = (p.responseSeconds() - p.holdSeconds()) * 1000;
        return Runs.run(phase, round, round == 0 ? 0 : 1, users, p.responseSeconds() * 1000, waitMs, x, cpu);
    }

    private static List<SweepRun> sweep(double heldOutCpuScale) {
        List<SweepRun> runs = new ArrayList<>();
        for (int u : List.of(10, 20, 40, 60)) {
            runs.add(measured(SweepRun.SEARCH, 0, u, 1));
        }
        int knee = TRUTH.maxUsersUnder(LIMIT).orElseThrow();
        runs.add(measured(SweepRun.ROUND, 1, knee - 5, heldOutCpuScale));
        runs.add(measured(SweepRun.ROUND, 1, knee + 10, 1));
        return runs;
    }

    @Test
    void of_runsOfAKnownModel_recoversItsDemandsAndPredictsTheHeldOutLevel() {
        var notes = new ArrayList<String>();
        var fit = ModelFit.of(sweep(1), LIMIT, THINK, notes);
        assertNotNull(fit, notes.toString());
        var m = fit.summary();
        var station = m.stations().getFirst();
        assertEquals(5.0, station.demandMs(), 0.01, "steps are whole, so to a hundredth of a ms");
        assertEquals(0.3, station.backgroundCores(), 0.01);
        assertEquals(List.of(10, 20, 40), m.calibratedOnUsers(), "60 users keep the own CPU over 80 %");
        var h = m.heldOut();
        assertEquals(TRUTH.maxUsersUnder(LIMIT).orElseThrow() - 5, h.users());
        assertTrue(Math.abs(h.errorPercent()) < 0.5, "DS/h error " + h.errorPercent());
        assertTrue(Math.abs(h.avgErrorPercent()) < 2, "response error " + h.avgErrorPercent());
        assertTrue(h.targetsMet(), h.judgement());
        assertEquals(m.predictions().size(), 6);
    }

    @Test
    void of_heldOutLevel_neverEntersTheFit() {
        var a = ModelFit.of(sweep(1), LIMIT, THINK, new ArrayList<>()).summary();
        var b = ModelFit.of(sweep(3), LIMIT, THINK, new ArrayList<>()).summary();
        assertEquals(a.stations(), b.stations(), "tripling the held-out level's CPU changes nothing in the fit");
        assertEquals(a.latencyMs(), b.latencyMs());
        assertEquals(a.heldOut(), b.heldOut());
    }

    @Test
    void of_cpuSplit_oneStationPerPool() {
        List<SweepRun> runs = sweep(1).stream()
                .map(r -> new SweepRun(
                        r.phase(),
                        r.round(),
                        r.position(),
                        r.users(),
                        r.folder(),
                        r.windowSeconds(),
                        r.steps(),
                        r.errors(),
                        r.avgResponseMs(),
                        r.p95ResponseMs(),
                        r.waitMs(),
                        r.dialogStepsPerHour(),
                        r.sapsLike(),
                        null,
                        r.hostBusyPercent(),
                        r.logicalCpus(),
                        r.cpuPercentByTier(),
                        1,
                        r.dialogWorkProcesses(),
                        r.rollAreaPeakBytes(),
                        r.databaseBytes(),
                        0,
                        1,
                        false))
                .toList();
        var m = ModelFit.of(runs, LIMIT, THINK, new ArrayList<>()).summary();
        assertEquals(
                List.of("database CPUs", "app tier CPUs"),
                m.stations().stream().map(SweepResult.Station::name).toList());
        assertEquals(3.0, m.stations().get(0).demandMs(), 0.01);
        assertEquals(2.0, m.stations().get(1).demandMs(), 0.01);
    }

    @Test
    void of_noLevelUnderTheLimitAndNoRounds_noModelAndANote() {
        var notes = new ArrayList<String>();
        assertNull(ModelFit.of(List.of(Runs.run(SweepRun.SEARCH, 0, 0, 500, 900, 10)), LIMIT, THINK, notes));
        assertTrue(notes.getFirst().contains("no level is under the limit"), notes.toString());
    }

    @Test
    void of_everyRoundLevelOverTheLimit_holdsOutTheLowestOfThem() {
        List<SweepRun> runs = new ArrayList<>(sweep(1).subList(0, 4));
        int knee = TRUTH.maxUsersUnder(LIMIT).orElseThrow();
        runs.add(measured(SweepRun.ROUND, 1, knee + 5, 1));
        runs.add(measured(SweepRun.ROUND, 1, knee + 10, 1));
        assertEquals(
                knee + 5,
                ModelFit.of(runs, LIMIT, THINK, new ArrayList<>())
                        .summary()
                        .heldOut()
                        .users());
    }
}
