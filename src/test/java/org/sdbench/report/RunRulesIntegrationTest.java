package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/**
 * Short real runs under {@code --rules sd}: one clean with a table buffer that holds the working
 * set, one with induced errors (every order's V1 update fails in a trigger, a third of the save
 * steps' update-request inserts outlast the statement timeout) and a buffer far too small, both
 * of the quick workload (no window rule: it is not the standard workload), and one of the
 * standard workload, whose 15-minute window rule a few seconds fail.
 */
class RunRulesIntegrationTest {
    private static final String SCHEMA = "it_rules";
    private static final Path RESULTS = Path.of("target/test-results/rules-it");

    private static TestDb.Run clean;
    private static TestDb.Run failing;
    private static TestDb.Run standard;
    private static JsonNode cleanResult;
    private static JsonNode failingResult;

    @BeforeAll
    static void twoRuns() throws Exception {
        TestDb.drop(SCHEMA);
        clean = run("rules-clean", "100000", "--users", "3", "--duration", "6s", "--set", "workload.thinkTime=50ms");
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION " + SCHEMA + ".induced_failure() RETURNS trigger LANGUAGE plpgsql AS "
                    + "$$ BEGIN RAISE EXCEPTION 'induced failure of order %', NEW.vbeln; END $$");
            s.execute("CREATE TRIGGER induced_failure BEFORE INSERT ON " + SCHEMA
                    + ".vbak FOR EACH ROW EXECUTE FUNCTION " + SCHEMA + ".induced_failure()");
            s.execute("CREATE FUNCTION " + SCHEMA + ".induced_stall() RETURNS trigger LANGUAGE plpgsql AS "
                    + "$$ BEGIN IF random() < 0.33 THEN PERFORM pg_sleep(2); END IF; RETURN NEW; END $$");
            s.execute("CREATE TRIGGER induced_stall BEFORE INSERT ON " + SCHEMA
                    + ".vbhdr FOR EACH ROW EXECUTE FUNCTION " + SCHEMA + ".induced_stall()");
        }
        failing = run(
                "rules-failing",
                "20",
                "--users",
                "3",
                "--duration",
                "6s",
                "--set",
                "workload.thinkTime=50ms",
                "--set",
                "database.timeouts.statement=500ms");
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("DROP TRIGGER induced_failure ON " + SCHEMA + ".vbak");
            s.execute("DROP TRIGGER induced_stall ON " + SCHEMA + ".vbhdr");
        }
        standard = run(
                "rules-standard", "100000", "-w", "workloads/sd-standard.yaml", "--users", "2", "--duration", "12s");
        cleanResult = result(clean);
        failingResult = result(failing);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private static TestDb.Run run(String name, String bufferEntries, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--set",
                "name=" + name,
                "--ramp-up",
                "2s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.materialsPerUser=5",
                "--set",
                "workload.customersPerUser=1",
                "--set",
                "appServer.tableBufferEntries=" + bufferEntries,
                "--set",
                "run.resultsDir=" + RESULTS,
                "--interval",
                "2",
                "--rules",
                "sd"));
        args.addAll(List.of(more));
        return TestDb.sdbench(args.toArray(String[]::new));
    }

    private static JsonNode result(TestDb.Run r) throws IOException {
        Path folder = r.out()
                .lines()
                .filter(l -> l.startsWith("results: "))
                .map(l -> Path.of(l.substring(9).strip()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no results line in:\n" + r.out() + r.err()));
        return Json.MAPPER.readTree(folder.resolve(RunFolder.RESULT).toFile());
    }

    @Test
    void run_rulesSdStandardWorkloadShortWindow_exit1AndOneLinePerRuleWithItsFigure() {
        assertEquals(1, standard.exit(), standard.err() + standard.out());
        assertTrue(
                standard.out().contains("verdict               INVALID under rules sd: failed window, steady-state"),
                standard.out());
        assertTrue(
                standard.out()
                        .contains("rules applied         workload sd-standard is the standard SD workload: every "
                                + "rule applies"),
                standard.out());
        assertTrue(
                standard.out()
                        .lines()
                        .anyMatch(
                                l -> l.strip()
                                        .matches(
                                                "FAIL window +12 s measured \\(rule: a high-load window of at least 15 min \\(sd-standard\\)\\)")),
                standard.out());
        for (String rule : List.of("ramp-up", "steady-state", "response-time", "errors")) {
            assertTrue(
                    standard.out()
                            .lines()
                            .anyMatch(l -> l.strip().matches("(ok|FAIL) +" + rule + " +.+ \\(rule: .+\\)")),
                    rule + " has its line:\n" + standard.out());
        }
    }

    @Test
    void run_rulesSdOtherWorkload_windowRuleNotAppliedAndTheVerdictSaysWhy() {
        assertEquals(1, clean.exit(), clean.err() + clean.out());
        assertTrue(
                clean.out()
                        .contains("verdict               INVALID under rules sd: failed steady-state (not applied: "
                                + "window)"),
                clean.out());
        assertTrue(
                clean.out()
                        .contains(
                                "rules applied         workload sd-quick is not the standard SD workload (name not "
                                        + "sd-standard, think time 50ms, not 10s): the 15-min window rule applies to sd-standard only"),
                clean.out());
        assertTrue(
                clean.out()
                        .lines()
                        .anyMatch(l -> l.strip().startsWith("n/a  window         not applied, 6 s measured")),
                clean.out());
        assertTrue(clean.out().lines().anyMatch(l -> l.strip().matches("ok +errors +none \\(rule: .*")), clean.out());
        assertTrue(cleanResult.at("/certificate/verdict/scope").asText().contains("not the standard SD workload"));
        assertTrue(
                !cleanResult.at("/certificate/verdict/checks/1/applied").asBoolean(true),
                cleanResult.at("/certificate/verdict").toString());
        assertEquals("invalid", cleanResult.at("/certificate/verdict/status").asText());
        assertTrue(cleanResult.at("/certificate/sapsLike").isNull(), "an invalid run quotes no SAPS-like figure");
    }

    @Test
    void run_inducedErrors_countedByKindAndVerdictInvalid() {
        assertEquals(1, failing.exit(), failing.err() + failing.out());
        assertTrue(
                failingResult.at("/summary/errorsByKind/skipped").asLong() > 0,
                failingResult.at("/summary").toString());
        assertTrue(
                failingResult.at("/summary/errorsByKind/db-timeout").asLong() > 0,
                failingResult.at("/summary").toString());
        assertTrue(
                failing.out()
                        .lines()
                        .anyMatch(l -> l.strip().startsWith("FAIL errors")
                                && l.contains("db-timeout=")
                                && l.contains("skipped=")),
                failing.out());
        assertTrue(
                failingResult.at("/summary/update/errors").asLong() > 0,
                failingResult.at("/summary/update").toString());
        assertTrue(
                failing.out().contains("INVALID under rules sd: failed steady-state, errors (not applied: window)")
                        || failing.out().contains("INVALID under rules sd: failed errors (not applied: window)"),
                failing.out());
        assertTrue(failing.out().contains("FAIL errors"), failing.out());
        // Failed steps are dialog steps too: their response times are in the overall distribution.
        JsonNode all = failingResult.at("/summary/overall");
        assertTrue(all.at("/errors").asLong() > 0, all.toString());
        assertTrue(all.at("/response/count").asLong() > all.at("/errors").asLong(), all.toString());
    }

    @Test
    void tableBuffer_sizeDecidesTheGuideline_metWithRoomMissedWhenTooSmall() {
        double roomy = cleanResult.at("/tableBuffer/windowHitRatio").asDouble();
        double tight = failingResult.at("/tableBuffer/windowHitRatio").asDouble();
        assertTrue(roomy >= 0.98, "working set fits: " + cleanResult.at("/tableBuffer"));
        assertTrue(tight < 0.98, "20 entries cannot hold the working set: " + failingResult.at("/tableBuffer"));
        assertTrue(
                failingResult.at("/tableBuffer/evictions").asLong() > 0,
                failingResult.at("/tableBuffer").toString());
        assertTrue(clean.out().contains("guideline >= 98 %: met"), clean.out());
        assertTrue(failing.out().contains("guideline >= 98 %: MISSED"), failing.out());
    }

    @Test
    void resultJson_verdictAndBuffer_validAgainstPublishedSchema() throws IOException {
        ResultSchema schema = ResultSchema.load();
        assertEquals(List.of(), schema.errors(cleanResult));
        assertEquals(List.of(), schema.errors(failingResult));
        assertEquals(List.of(), schema.errors(result(standard)));
    }
}
