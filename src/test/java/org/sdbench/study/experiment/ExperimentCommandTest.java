package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.Chromium;
import org.sdbench.report.Json;
import org.sdbench.report.ResultSchema;

/**
 * sdbench experiment end to end on the test PostgreSQL: a server setting changed by ALTER SYSTEM
 * for one variant's runs only and put back afterwards, the experiment folder and its JSON contract,
 * and compare on the runs it left, both with one run per side and with sides of two runs.
 */
class ExperimentCommandTest {
    private static final String SCHEMA = "sdbench_experiment";

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

    private static String[] args(String... more) {
        List<String> a = new ArrayList<>(List.of(
                "experiment",
                // A busy test host flags runs as disturbed: the run counts below assume each round runs once.
                "--max-repeats",
                "0",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "2",
                "--duration",
                "3s",
                "--ramp-up",
                "1s",
                "--ramp-down",
                "0s",
                "--interval",
                "1",
                "--dir",
                dir.toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    private static String setting(String name) throws Exception {
        return ServerSetting.inForce(SCHEMA, name);
    }

    private static String autoConf(String name) throws Exception {
        return ServerSetting.autoConf(SCHEMA, name);
    }

    @Test
    void experiment_reloadSettingOnOneVariant_appliedToItsRunsOnlyThenPutBack() throws Exception {
        String before = setting("random_page_cost");
        assertNull(autoConf("random_page_cost"), "the test server has no ALTER SYSTEM entry to begin with");
        var r = TestDb.sdbench(args(
                "--name",
                "rpc",
                "--variant",
                "base:",
                "--variant",
                "rpc:db.random_page_cost=1.7",
                "--rounds",
                "2",
                "--max-rounds",
                "2",
                "--seed",
                "3"));
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals(before, setting("random_page_cost"), "put back");
        assertNull(autoConf("random_page_cost"), "postgresql.auto.conf as it was");

        Path folder;
        try (Stream<Path> s = Files.list(dir)) {
            folder = s.filter(p -> p.getFileName().toString().endsWith("-rpc"))
                    .findFirst()
                    .orElseThrow();
        }
        JsonNode e = Json.MAPPER.readTree(folder.resolve("experiment.json").toFile());
        assertEquals(ExperimentResult.SCHEMA_VERSION, e.path("schemaVersion").asInt());
        assertEquals(
                List.of(), ResultSchema.load(ExperimentStore.SCHEMA).errors(e), "experiment.json follows its schema");
        assertEquals(2, e.path("rounds").size());
        String stopped = e.path("stopped").asText();
        assertTrue(stopped.contains("round cap") || stopped.contains("decided after 2 rounds"), stopped);
        JsonNode warmUp = e.path("warmUp");
        assertTrue(
                warmUp.path("folder").asText().contains("-warmup")
                        && warmUp.path("round").asInt() == 0,
                e.toString());
        assertEquals(
                e.path("rounds").get(0).path("order").get(0).asText(),
                warmUp.path("variant").asText(),
                "the warm-up runs the variant round 1 starts with");
        List<String> orders = new ArrayList<>();
        e.path("rounds").forEach(round -> orders.add(round.path("order").toString()));
        assertEquals(2, Set.copyOf(orders).size(), "AB then BA: " + orders);
        JsonNode fig = null;
        for (JsonNode f : e.path("figures")) {
            assertEquals("rpc", f.path("variant").asText());
            assertTrue(List.of("changed", "changed-within-effect", "unchanged", "undecided")
                    .contains(f.path("verdict").asText()));
            assertEquals(2, f.path("pairs").asInt(), f.toString());
            boolean changed = f.path("verdict").asText().startsWith("changed");
            assertEquals(
                    changed,
                    f.path("pAdjusted").isNumber() && f.path("pAdjusted").asDouble() <= 0.05,
                    f.toString());
            assertTrue(f.path("ratio").isNumber() && f.path("ci95").isArray() && f.has("mde"), f.toString());
            if (f.path("figure").asText().equals("commits per dialog step")) {
                fig = f;
            }
        }
        assertTrue(
                fig != null && fig.path("ci95").get(0).isNumber(), "commits per dialog step has an interval: " + fig);
        for (JsonNode round : e.path("rounds")) {
            for (JsonNode run : round.path("runs")) {
                Path runDir = folder.resolve(run.path("folder").asText());
                JsonNode env =
                        Json.MAPPER.readTree(runDir.resolve("environment.json").toFile());
                String seen = env.path("database")
                        .path("settings")
                        .path("random_page_cost")
                        .path("value")
                        .asText("4");
                assertEquals(run.path("variant").asText().equals("rpc") ? "1.7" : before, seen, runDir.toString());
            }
        }
        assertTrue(Files.readString(folder.resolve("experiment.html")).contains("<svg class=\"forest\""));
        var browser = Chromium.find();
        if (browser.isPresent()) {
            String body = Chromium.bodyAttributes(browser.get(), folder.resolve("experiment.html"));
            assertTrue(body.contains("data-status=\"ok\"") && body.contains("data-errors=\"0\""), body);
        }
        assertTrue(r.out().contains("== experiment 'rpc'"), r.out());

        List<String> base = new ArrayList<>();
        List<String> alt = new ArrayList<>();
        for (JsonNode round : e.path("rounds")) {
            for (JsonNode run : round.path("runs")) {
                (run.path("variant").asText().equals("base") ? base : alt)
                        .add(folder.resolve(run.path("folder").asText()).toString());
            }
        }
        var single = TestDb.sdbench("compare", "--html", dir.resolve("c1.html").toString(), base.get(0), base.get(1));
        assertEquals(0, single.exit(), single.err());
        assertFalse(
                single.out().lines().anyMatch(l -> l.matches(".*\\s(better|worse)\\s*")),
                "no verdict: " + single.out());
        assertTrue(single.out().contains("within noise") && single.out().contains("sdbench experiment"), single.out());
        var sides = TestDb.sdbench(
                "compare",
                "--html",
                dir.resolve("c2.html").toString(),
                "--side",
                String.join(",", base),
                "--side",
                String.join(",", alt));
        assertEquals(0, sides.exit(), sides.err());
        assertTrue(sides.out().contains("each run is one sample"), sides.out());
    }

    @Test
    void experiment_restartSettingOnExternalServerWithoutCommand_exit2NamingTheOption() throws Exception {
        var r = TestDb.sdbench(args("--variant", "base:", "--variant", "sb:db.shared_buffers=64MB"));
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(
                r.err().contains("'--db-restart-command' is missing") && r.err().contains("db.shared_buffers"),
                r.err());
        assertNull(autoConf("shared_buffers"));
    }

    @Test
    void experiment_restartSettingWithCommand_restartedBeforeEveryRunAndPutBack() throws Exception {
        Path log = dir.resolve("restarts.log");
        // A command that only records its calls: the server keeps running, shared_buffers stays pending.
        var r = TestDb.sdbench(args(
                "--name",
                "restart",
                "--variant",
                "base:",
                "--variant",
                "sb:db.shared_buffers=64MB",
                "--rounds",
                "2",
                "--max-rounds",
                "2",
                "--db-restart-command",
                "echo restart >> '" + log + "'"));
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("then --db-restart-command"), r.out());
        // Once for the data check, once before the warm-up and each of the 4 runs, once after putting the setting back.
        assertEquals(7, Files.readAllLines(log).size());
        assertNull(autoConf("shared_buffers"), "postgresql.auto.conf as it was");
    }

    @Test
    void experiment_restartCommandFails_exit3AndSettingPutBack() throws Exception {
        var r = TestDb.sdbench(
                args("--variant", "base:", "--variant", "sb:db.shared_buffers=64MB", "--db-restart-command", "false"));
        assertEquals(3, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("--db-restart-command exited with 1"), r.err());
        assertNull(autoConf("shared_buffers"), "put back after the failure");
    }

    @Test
    void experiment_unknownSetting_exit2() {
        var r = TestDb.sdbench(args("--variant", "base:", "--variant", "x:db.no_such_setting=1"));
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("'db.no_such_setting' is not allowed"), r.err());
    }

    @Test
    void experiment_valueTheServerRefuses_exit2AndNothingLeftBehind() throws Exception {
        var r = TestDb.sdbench(args("--variant", "base:", "--variant", "x:db.random_page_cost=fast"));
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("'db.random_page_cost' = 'fast' is not allowed: the server refused it"), r.err());
        assertNull(autoConf("random_page_cost"));
    }

    @Test
    void experiment_singleVariant_exit2() {
        var r = TestDb.sdbench(args("--variant", "base:"));
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("at least two"), r.err());
    }
}
