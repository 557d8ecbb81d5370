package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.db.Database;
import org.sdbench.load.TestDb;

/**
 * Two short real runs under {@code --rules sd}: one clean with a table buffer that holds the
 * working set, one with induced errors (every order's V1 update fails in a trigger) and a buffer
 * far too small. Both are too short for the rules; the second also breaks the zero-errors rule.
 */
class RunRulesIntegrationTest {
    private static final String SCHEMA = "it_rules";
    private static final Path RESULTS = Path.of("target/test-results/rules-it");

    private static TestDb.Run clean;
    private static TestDb.Run failing;
    private static JsonNode cleanResult;
    private static JsonNode failingResult;

    @BeforeAll
    static void twoRuns() throws Exception {
        TestDb.drop(SCHEMA);
        clean = run("rules-clean", "100000");
        try (Database db = TestDb.open(TestDb.config(SCHEMA)); Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION " + SCHEMA + ".induced_failure() RETURNS trigger LANGUAGE plpgsql AS "
                    + "$$ BEGIN RAISE EXCEPTION 'induced failure of order %', NEW.vbeln; END $$");
            s.execute("CREATE TRIGGER induced_failure BEFORE INSERT ON " + SCHEMA + ".vbak FOR EACH ROW EXECUTE FUNCTION "
                    + SCHEMA + ".induced_failure()");
        }
        failing = run("rules-failing", "20");
        cleanResult = result(clean);
        failingResult = result(failing);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private static TestDb.Run run(String name, String bufferEntries) {
        List<String> args = new ArrayList<>(List.of("run", "--db-url", TestDb.url(), "--set", "database.schema=" + SCHEMA,
                "--set", "name=" + name, "--users", "3", "--ramp-up", "2s", "--duration", "6s", "--ramp-down", "1s",
                "--set", "workload.thinkTime=50ms", "--set", "workload.materialsPerUser=5",
                "--set", "workload.customersPerUser=1", "--set", "appServer.tableBufferEntries=" + bufferEntries,
                "--set", "run.resultsDir=" + RESULTS, "--interval", "2", "--rules", "sd"));
        return TestDb.sdbench(args.toArray(String[]::new));
    }

    private static JsonNode result(TestDb.Run r) throws IOException {
        Path folder = r.out().lines().filter(l -> l.startsWith("results: ")).map(l -> Path.of(l.substring(9).strip()))
                .findFirst().orElseThrow(() -> new AssertionError("no results line in:\n" + r.out() + r.err()));
        return Json.MAPPER.readTree(folder.resolve(RunFolder.RESULT).toFile());
    }

    @Test
    void run_rulesSdShortWindow_exit1AndNamesTheFailedRules() {
        assertEquals(1, clean.exit(), clean.err() + clean.out());
        assertTrue(clean.out().contains("verdict               INVALID under rules sd: failed window, steady-state"),
                clean.out());
        assertTrue(clean.out().lines().anyMatch(l -> l.strip().matches(
                "FAIL window +6 s measured \\(rule: a high-load window of at least 15 min\\)")), clean.out());
        assertTrue(clean.out().lines().anyMatch(l -> l.strip().matches("ok +errors +none \\(rule: .*")), clean.out());
        assertEquals("invalid", cleanResult.at("/certificate/verdict/status").asText());
        assertTrue(cleanResult.at("/certificate/sapsLike").isNull(), "an invalid run quotes no SAPS-like figure");
    }

    @Test
    void run_inducedErrors_countedByKindAndVerdictInvalid() {
        assertEquals(1, failing.exit(), failing.err() + failing.out());
        assertTrue(failingResult.at("/summary/errorsByKind/skipped").asLong() > 0, failingResult.at("/summary").toString());
        assertTrue(failingResult.at("/summary/update/errors").asLong() > 0, failingResult.at("/summary/update").toString());
        assertTrue(failing.out().contains("INVALID under rules sd: failed window, steady-state, errors")
                || failing.out().contains("INVALID under rules sd: failed window, errors"), failing.out());
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
        assertTrue(failingResult.at("/tableBuffer/evictions").asLong() > 0, failingResult.at("/tableBuffer").toString());
        assertTrue(clean.out().contains("guideline >= 98 %: met"), clean.out());
        assertTrue(failing.out().contains("guideline >= 98 %: MISSED"), failing.out());
    }

    @Test
    void resultJson_verdictAndBuffer_validAgainstPublishedSchema() throws IOException {
        try (InputStream in = getClass().getResourceAsStream(RunFolder.SCHEMA)) {
            assertNotNull(in);
            var schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
            assertEquals(List.of(), List.copyOf(schema.validate(cleanResult)));
            assertEquals(List.of(), List.copyOf(schema.validate(failingResult)));
        }
    }
}
