package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.ConfigException;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.Json;
import org.sdbench.report.ResultSchema;
import org.sdbench.run.RunEngine;
import org.sdbench.run.RunOptions;

/**
 * A round with a disturbed run runs again, whole and in the same order, on the test PostgreSQL; the
 * disturbance is injected by name (the first base run of round 1; the alternative's every run in round 2).
 */
class ExperimentRepeatTest {
    private static final String SCHEMA = "sdbench_repeat";

    @TempDir
    static Path dir;

    @BeforeAll
    static void load() {
        TestDb.load(SCHEMA, 2);
    }

    @AfterAll
    static void drop() throws Exception {
        TestDb.drop(SCHEMA);
    }

    private static SdbenchConfig config(Variant v, int round) {
        List<String> sets = new ArrayList<>(List.of(
                "run.users=2",
                "run.duration=2s",
                "run.rampUp=1s",
                "run.rampDown=0s",
                "name=" + v.name() + (round == 0 ? "-warmup" : "-r" + round),
                "run.resultsDir=" + dir.resolve("runs")));
        sets.addAll(v.overrides());
        return TestDb.config(SCHEMA, sets.toArray(String[]::new));
    }

    private static final Disturbance STEAL = new Disturbance(Disturbance.STEAL, 9, 5, "CPU steal 9.0 %, above 5 %");

    @Test
    void run_disturbedRunsInjected_roundRepeatedThenKeptDisturbedWhenSpent() throws Exception {
        ExperimentPlan plan =
                new ExperimentPlan("repeat", List.of(Variant.parse("base:"), Variant.parse("alt:")), 2, 2, 1, 0.05);
        Map<String, Integer> seen = new HashMap<>();
        Repeats.Judge judge = (report, calibration) -> {
            int nth = seen.merge(report.name(), 1, Integer::sum);
            boolean disturbed =
                    report.name().equals("base-r1") && nth == 1 || report.name().equals("alt-r2");
            return disturbed ? List.of(STEAL) : List.of();
        };
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text, true);
        SdbenchConfig base = config(plan.baseline(), 1);
        Experiment e = new Experiment(
                plan,
                ExperimentRepeatTest::config,
                new RunEngine(RunOptions.of(1).acceptingErrors(true)),
                dir,
                out,
                new Repeats(1, judge));
        Experiment.Outcome o = e.run(ServerSettings.open(base.database(), plan, null));
        assertEquals(0, o.exitCode(), text.toString());

        JsonNode j = Json.MAPPER.readTree(dir.resolve(ExperimentStore.JSON).toFile());
        assertEquals(
                List.of(), ResultSchema.load(ExperimentStore.SCHEMA).errors(j), "experiment.json follows its schema");
        JsonNode r1 = j.path("rounds").get(0);
        JsonNode r2 = j.path("rounds").get(1);
        assertEquals(1, r1.path("repeats").asInt(), r1.toString());
        assertEquals(0, r1.path("disturbed").size(), "the repeat ran quiet: " + r1);
        assertEquals(2, r1.path("replaced").size(), "the whole first attempt is replaced: " + r1);
        List<String> replacedOrder = new ArrayList<>();
        r1.path("replaced").forEach(d -> replacedOrder.add(d.path("variant").asText()));
        List<String> order = new ArrayList<>();
        r1.path("order").forEach(v -> order.add(v.asText()));
        assertEquals(order, replacedOrder, "the repeat runs the same order");
        for (JsonNode d : r1.path("replaced")) {
            boolean own = d.path("variant").asText().equals("base");
            assertEquals(own ? 1 : 0, d.path("reasons").size(), d.toString());
        }
        List<String> kept = new ArrayList<>();
        r1.path("runs").forEach(s -> kept.add(s.path("folder").asText()));
        r1.path("replaced")
                .forEach(d -> assertTrue(!kept.contains(d.path("folder").asText()), "replaced, not kept"));

        assertEquals(1, r2.path("repeats").asInt(), r2.toString());
        assertEquals(1, r2.path("disturbed").size(), "repeats spent: the last attempt is kept, marked: " + r2);
        assertEquals("alt", r2.path("disturbed").get(0).path("variant").asText());
        assertEquals(
                "steal",
                r2.path("disturbed").get(0).path("reasons").get(0).path("rule").asText());
        assertEquals(2, r2.path("runs").size());

        String note = o.result().notes().get(o.result().notes().size() - 1);
        assertTrue(note.contains("round 1 repeated 1x") && note.contains("round 2 kept disturbed"), note);
        assertTrue(
                text.toString().contains("round 1 disturbed (base: CPU steal 9.0 %, above 5 %): repeating it, 1 of 1"),
                text.toString());
        assertTrue(Files.exists(dir.resolve("logs/r1-base.repeat1.log")), "the replaced run's log is kept");
    }

    @Test
    void repeats_negative_errorNamesKeyValueAndAllowed() {
        ConfigException e = assertThrows(ConfigException.class, () -> Repeats.of(-1));
        assertTrue(
                e.getMessage().contains("--max-repeats")
                        && e.getMessage().contains("-1")
                        && e.getMessage().contains("0 to 10"),
                e.getMessage());
    }
}
