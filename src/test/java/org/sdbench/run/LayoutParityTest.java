package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.TableBufferFigures;

/**
 * The same small workload in both layouts through the one run engine, one after the other on one
 * schema: their result.json files have the same figures (apart from the three-tier section) with
 * the same values where the layout must not matter (counts exactly, rates within a tolerance), and
 * the same judgements, the table buffer's "still warming" one included.
 */
class LayoutParityTest {
    private static final String SCHEMA = "it_layout_parity";
    private static final int USERS = 4;
    /** Maps whose keys are data (error kinds, number-range objects), not the schema. */
    private static final Set<String> DATA_KEYED = Set.of(
            "/summary/errorsByKind", "/appTier/numberRanges/buffers", "/config", "/certificate/cpuPercentByTier");
    /** Relative tolerance of a per-step figure of the window: the steps' mix over a short window varies. */
    private static final double PER_STEP = 0.2;
    /** The same for whole-run counts over the window's steps: the ramps add a varying share. */
    private static final double PER_RUN_STEP = 0.4;
    /** Throughput of one layout over the other's, at most. */
    private static final double THROUGHPUT_FACTOR = 4;

    private static JsonNode twoTier;
    private static JsonNode threeTier;

    @BeforeAll
    static void runBoth() throws IOException {
        twoTier = run("--set", "appServer.layout=two-tier");
        threeTier = run();
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_bothLayouts_sameResultKeysApartFromThreeTier() {
        Set<String> two = keys(twoTier);
        Set<String> three = keys(threeTier);
        assertTrue(three.stream().anyMatch(k -> k.startsWith("/threeTier/")), "three-tier has its section");
        assertFalse(
                two.stream().anyMatch(k -> k.startsWith("/threeTier/")),
                "two-tier has none: " + twoTier.path("threeTier"));
        three.removeIf(k -> k.startsWith("/threeTier"));
        two.removeIf(k -> k.startsWith("/threeTier"));
        Set<String> onlyTwo = new TreeSet<>(two);
        onlyTwo.removeAll(three);
        Set<String> onlyThree = new TreeSet<>(three);
        onlyThree.removeAll(two);
        assertEquals(Set.of(), onlyTwo, "keys only two-tier's result.json has");
        assertEquals(Set.of(), onlyThree, "keys only three-tier's result.json has");
    }

    @Test
    void run_bothLayouts_sameCountsExactly() {
        for (String p : List.of(
                "/users",
                "/appTier/instances",
                "/appTier/dialogWorkProcesses",
                "/appTier/updateWorkProcesses",
                "/appTier/rollAreaPeak",
                "/tableBuffer/capacityPerInstance",
                "/reliability/updateTaskDrained",
                "/reliability/stoppedEarly",
                "/reliability/failedUpdateRequestsAtEnd",
                "/reliability/workProcessesReplaced")) {
            assertEquals(twoTier.at(p), threeTier.at(p), p);
        }
        assertEquals(USERS, twoTier.at("/appTier/rollAreaPeak").asInt(), "every user's context held at the peak");
        assertEquals(
                twoTier.at("/appTier/instances").asInt(),
                threeTier.at("/appTier/numberRanges/instances").size(),
                "number-range figures of every instance");
        assertEquals(
                twoTier.at("/appTier/numberRanges/instances").size(),
                threeTier.at("/appTier/numberRanges/instances").size(),
                "number-range figures per instance");
        assertTrue(twoTier.at("/summary/overall/response/count").asLong() > 0, "two-tier steps");
        assertTrue(threeTier.at("/summary/overall/response/count").asLong() > 0, "three-tier steps");
        assertEquals(0, twoTier.at("/summary/overall/errors").asLong(), "two-tier errors");
        assertEquals(0, threeTier.at("/summary/overall/errors").asLong(), "three-tier errors");
    }

    @Test
    void run_bothLayouts_sameRatesWithinTolerance() {
        // What a step costs is the workload's, not the layout's: the same within a tolerance.
        within("/summary/overall/dbCallsPerStep", PER_STEP);
        within("/summary/overall/dbRowsPerStep", PER_STEP);
        // Whole-run counts of the instances over the window's steps: the ramps' share varies a little.
        perStep("/appTier/enqueueRequests");
        perStep("/appTier/numberRanges/numbersIssued");
        perStep("/summary/overall/lineItems");
        // The instances' own DB counters: an app server reports them as the driver's instances do.
        perStep("/appTier/dbRoundTrips");
        perStep("/appTier/updateDbCalls");
        // Throughput is a timing figure on a shared host (the database's speed moves it most): only a
        // gross difference, a window counted twice or a harvest lost, is a wrong figure.
        double two = twoTier.at("/throughput/dialogStepsPerHour").asDouble();
        double three = threeTier.at("/throughput/dialogStepsPerHour").asDouble();
        assertTrue(
                two > 0 && three > 0 && three / two < THROUGHPUT_FACTOR && two / three < THROUGHPUT_FACTOR,
                "dialog steps per hour: two-tier " + two + ", three-tier " + three);
    }

    @Test
    void run_bothLayouts_sameJudgements() {
        assertEquals(
                guideline(twoTier),
                guideline(threeTier),
                "table buffer guideline: two-tier " + twoTier.path("tableBuffer") + ", three-tier "
                        + threeTier.path("tableBuffer"));
        assertEquals(
                TableBufferFigures.Guideline.WARMING,
                guideline(threeTier),
                "a short run's buffers are still warming: " + threeTier.path("tableBuffer"));
        assertEquals(twoTier.at("/certificate/valid"), threeTier.at("/certificate/valid"), "certificate validity");
        assertEquals(rules(twoTier), rules(threeTier), "the certificate's rule verdicts");
        // Printed, not asserted: on a shared host a 8 s window's throughput is a timing figure.
        print("two-tier", twoTier);
        print("three-tier", threeTier);
    }

    private static void print(String layout, JsonNode r) {
        System.out.printf(
                "%s: Little's law %+.2f %%, table buffer %s%n",
                layout, r.path("littleLaw").path("deviation").asDouble() * 100, r.path("tableBuffer"));
    }

    private static void within(String path, double tolerance) {
        double two = twoTier.at(path).asDouble();
        double three = threeTier.at(path).asDouble();
        assertTrue(two > 0 && three > 0, path + ": two-tier " + two + ", three-tier " + three);
        assertEquals(1, three / two, tolerance, path + ": two-tier " + two + ", three-tier " + three);
    }

    private static void perStep(String path) {
        double two = perStepOf(twoTier, path);
        double three = perStepOf(threeTier, path);
        assertTrue(two > 0 && three > 0, path + " per step: two-tier " + two + ", three-tier " + three);
        assertEquals(1, three / two, PER_RUN_STEP, path + " per step: two-tier " + two + ", three-tier " + three);
    }

    private static double perStepOf(JsonNode r, String path) {
        return r.at(path).asDouble() / r.at("/summary/overall/response/count").asDouble();
    }

    private static TableBufferFigures.Guideline guideline(JsonNode r) {
        JsonNode b = r.path("tableBuffer");
        return new TableBufferFigures(
                        b.path("capacityPerInstance").asLong(),
                        b.path("entries").asLong(),
                        b.path("windowHits").asLong(),
                        b.path("windowMisses").asLong(),
                        b.path("windowHitRatio").asDouble(),
                        b.path("evictions").asLong(),
                        b.path("invalidations").asLong(),
                        b.path("syncPolls").asLong(),
                        b.path("customizingChanges").asLong(),
                        b.path("windowFirstReads").asLong())
                .guideline();
    }

    private static List<String> rules(JsonNode r) {
        List<String> out = new ArrayList<>();
        r.at("/certificate/verdict/checks").forEach(n -> out.add(n.path("rule").asText() + "=" + n.path("passed")));
        return out;
    }

    /** The same workload in both layouts: config/three-tier.yaml's system, the layout as given. */
    private static JsonNode run(String... layout) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", "--accept-errors", "-c", "config/three-tier.yaml"));
        args.addAll(List.of(layout));
        args.addAll(List.of(
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                Integer.toString(USERS),
                "--ramp-up",
                "1s",
                "--duration",
                "8s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=100ms",
                "--set",
                "run.resultsDir=target/test-results/" + SCHEMA,
                "--interval",
                "2"));
        TestDb.Run r = TestDb.sdbench(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err() + r.out());
        Path folder = Path.of(r.out()
                .lines()
                .filter(l -> l.startsWith("results: "))
                .findFirst()
                .orElseThrow()
                .substring(9)
                .trim());
        return new ObjectMapper().readTree(folder.resolve("result.json").toFile());
    }

    /** Every object key path; an array's elements share one path, data-keyed maps count as one key. */
    static Set<String> keys(JsonNode root) {
        Set<String> out = new TreeSet<>();
        collect(root, "", out);
        return out;
    }

    private static void collect(JsonNode n, String path, Set<String> out) {
        if (n.isObject()) {
            if (DATA_KEYED.contains(path)) {
                return;
            }
            n.fieldNames().forEachRemaining(f -> {
                String p = path + "/" + f;
                out.add(p);
                collect(n.get(f), p, out);
            });
        } else if (n.isArray()) {
            n.forEach(e -> collect(e, path + "[]", out));
        }
    }
}
