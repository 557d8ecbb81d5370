package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.Json;
import org.sdbench.report.RunFolder;

/**
 * A database that stalls during the ramp-up and stays stalled past the run's end (another session
 * holds an exclusive lock on the order header table), in both layouts: the steps stuck since before
 * the window count in it as timeouts, and the summary names their users.
 */
class StallBeforeWindowTest {
    /** One schema per layout: a run that saved orders before would let the next one take its lock too early. */
    private static final String TWO_TIER = "it_stall_before_window_2";

    private static final String THREE_TIER = "it_stall_before_window_3";
    private static final int USERS = 4;

    @BeforeAll
    static void load() {
        TestDb.load(TWO_TIER, USERS);
        TestDb.load(THREE_TIER, USERS);
    }

    @AfterAll
    static void dropSchemas() throws Exception {
        TestDb.drop(TWO_TIER);
        TestDb.drop(THREE_TIER);
    }

    /** A run with a long ramp-up, so that the stall surely begins in it, and a short window. */
    private static String[] run(String schema, String config, String results) {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "-c",
                config,
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + schema,
                "--users",
                Integer.toString(USERS),
                "--ramp-up",
                "12s",
                "--duration",
                "5s",
                "--ramp-down",
                "0s",
                "--set",
                "workload.thinkTime=200ms",
                "--set",
                "run.resultsDir=" + results,
                "--interval",
                "1"));
        return args.toArray(String[]::new);
    }

    private static void stalledInRampUp(String schema, String config, String results) throws Exception {
        CompletableFuture<TestDb.Run> run =
                CompletableFuture.supplyAsync(() -> TestDb.sdbench(run(schema, config, results)));
        TestDb.Run r;
        try (var db = TestDb.open(TestDb.config(schema));
                Connection c = db.connect()) {
            // The users are in their loops, some seconds into the 12 s ramp-up.
            TestDb.awaitRunOrders(schema);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("LOCK TABLE " + schema + ".vbak IN ACCESS EXCLUSIVE MODE");
            }
            // Held until the run has ended by itself; the bound only keeps a broken run from hanging the suite.
            r = run.get(4, TimeUnit.MINUTES);
            c.rollback();
        }
        assertEquals(3, r.exit(), r.out() + r.err());
        JsonNode summary = Json.MAPPER
                .readTree(r.folder().resolve(RunFolder.RESULT).toFile())
                .path("summary");
        JsonNode stuck = summary.path("stuckUsers");
        assertTrue(stuck.isArray() && !stuck.isEmpty(), "users stuck since the ramp-up named: " + summary);
        assertTrue(
                summary.path("errorsByKind").path("timeout").asLong() >= stuck.size(),
                "their steps count in the window as timeouts: " + summary.path("errorsByKind"));
        assertTrue(r.out().contains("users stuck since before the window started (users "), r.out());
    }

    @Test
    void run_twoTierStalledInRampUp_stuckStepsCountInTheWindow() throws Exception {
        stalledInRampUp(TWO_TIER, "config/quick.yaml", "target/test-results/stall-before-window-2");
    }

    @Test
    void run_threeTierStalledInRampUp_stuckStepsCountInTheWindow() throws Exception {
        stalledInRampUp(THREE_TIER, "config/three-tier.yaml", "target/test-results/stall-before-window-3");
    }
}
