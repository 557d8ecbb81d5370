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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.Json;
import org.sdbench.report.ResultSchema;

/** sdbench experiment --design alternate on the test PostgreSQL: settings switched inside one run per round. */
class AlternateDesignTest {
    private static final String SCHEMA = "sdbench_alternate";

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
                "8s",
                "--ramp-up",
                "2s",
                "--ramp-down",
                "1s",
                "--interval",
                "1",
                "--rounds",
                "2",
                "--max-rounds",
                "2",
                "--dir",
                dir.toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void experiment_alternateWithAReloadSetting_switchedInsideEachRunPairedABBAThenPutBack() throws Exception {
        String before = ServerSetting.inForce(SCHEMA, "random_page_cost");
        assertNull(ServerSetting.autoConf(SCHEMA, "random_page_cost"));
        var r = TestDb.sdbench(args(
                "--name",
                "alt",
                "--design",
                "alternate",
                "--switch-every",
                "2s",
                "--variant",
                "base:",
                "--variant",
                "rpc:db.random_page_cost=1.7"));
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals(before, ServerSetting.inForce(SCHEMA, "random_page_cost"), "put back");
        assertNull(ServerSetting.autoConf(SCHEMA, "random_page_cost"), "postgresql.auto.conf as it was");
        assertTrue(r.out().contains("alternate: the first interval (1 s) of every sub-window settles"), r.out());

        Path folder;
        try (Stream<Path> s = Files.list(dir)) {
            folder = s.filter(p -> p.getFileName().toString().endsWith("-alt"))
                    .findFirst()
                    .orElseThrow();
        }
        JsonNode e = Json.MAPPER.readTree(folder.resolve("experiment.json").toFile());
        assertEquals(
                List.of(), ResultSchema.load(ExperimentStore.SCHEMA).errors(e), "experiment.json follows its schema");
        assertEquals("alternate", e.path("plan").path("design").asText());
        assertEquals(2.0, e.path("plan").path("switchEverySeconds").asDouble());
        int paired = 0;
        for (JsonNode round : e.path("rounds")) {
            assertEquals(1, round.path("runs").size(), "one run per round: " + round);
            String a = round.path("order").get(0).asText();
            String b = round.path("order").get(1).asText();
            List<String> seen = new ArrayList<>();
            JsonNode windows = round.path("subWindows");
            assertTrue(windows.size() >= 4, round.toString());
            for (int i = 0; i < 4; i++) {
                JsonNode w = windows.get(i);
                seen.add(w.path("variant").asText());
                assertEquals(i / 2 + 1, w.path("block").asInt(), w.toString());
                String value = w.path("inForce").path("random_page_cost").asText();
                assertEquals(w.path("variant").asText().equals("rpc") ? "1.7" : before, value, w.toString());
                assertTrue(
                        w.path("settledSeconds").asDouble()
                                > w.path("fromSeconds").asDouble(),
                        w.toString());
            }
            assertEquals(List.of(a, b, b, a), seen, "AB then BA from the round's start");
            for (JsonNode w : windows) {
                paired += w.path("unpaired").isNull() ? 1 : 0;
            }
        }
        boolean commits = false;
        for (JsonNode f : e.path("figures")) {
            if (f.path("figure").asText().equals("commits per dialog step")) {
                commits = true;
                assertEquals(paired / 2, f.path("pairs").asInt(), f.toString());
            }
        }
        assertTrue(commits, e.path("figures").toString());
        boolean p95 = false;
        for (JsonNode o : e.path("omitted")) {
            if (o.path("figure").asText().equals("p95 dialog response time")) {
                p95 = o.path("reason").asText().startsWith("not measured per sub-window");
            }
        }
        assertTrue(p95, e.path("omitted").toString());
    }

    @Test
    void experiment_alternateWithARestartSetting_refusedBeforeAnythingRuns() throws Exception {
        var r = TestDb.sdbench(args(
                "--name",
                "restart",
                "--design",
                "alternate",
                "--switch-every",
                "2s",
                "--variant",
                "base:",
                "--variant",
                "sb:db.shared_buffers=64MB"));
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(
                r.err()
                        .contains("'db.shared_buffers' is not allowed with --design alternate: its context is"
                                + " postmaster (it takes effect only after a server restart)"),
                r.err());
        assertNull(ServerSetting.autoConf(SCHEMA, "shared_buffers"));
        try (Stream<Path> s = Files.list(dir)) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().endsWith("-restart")), "no experiment folder");
        }
    }

    @Test
    void experiment_alternateWithAnSdbenchKeyVariant_refusedNamingTheVariant() throws Exception {
        var r = TestDb.sdbench(args(
                "--design", "alternate", "--switch-every", "2s", "--variant", "base:", "--variant", "u:run.users=3"));
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("'--variant u' = 'run.users=3' is not allowed"), r.err());
    }

    @Test
    void experiment_switchEveryNotAWholeNumberOfIntervals_refused() throws Exception {
        var r = TestDb.sdbench(args(
                "--design",
                "alternate",
                "--switch-every",
                "2500ms",
                "--variant",
                "base:",
                "--variant",
                "x:db.work_mem=8MB"));
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(
                r.err().contains("'--switch-every' = '2500ms' is not allowed: a whole number of --interval"), r.err());
    }
}
