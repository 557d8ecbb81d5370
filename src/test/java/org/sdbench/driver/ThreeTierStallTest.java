package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.Json;
import org.sdbench.report.RunFolder;

/**
 * A real three-tier run whose database stalls mid-window: another session holds an exclusive lock
 * on the order header table (every VA01 save waits for it) past the run's end. The steps stuck at
 * the app servers count as timeouts of the window they were sent in, the run names them in its
 * "unanswered" line and exits 3 within the same bound as a two-tier run, with its folder, and no
 * child process outlives it.
 */
class ThreeTierStallTest {
    private static final String SCHEMA = "it_threetier_stall";
    private static final int DURATION_SECONDS = 20;

    @BeforeAll
    static void dropLeftovers() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @AfterAll
    static void dropSchema() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_tableLockedPastTheEnd_countsStuckStepsAsTimeoutsAndExits3() throws Exception {
        TestDb.Run load = TestDb.sdbench(
                "load",
                "-c",
                "config/three-tier.yaml",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "6");
        assertEquals(0, load.exit(), load.err() + load.out());
        long start = System.nanoTime();
        CompletableFuture<TestDb.Run> run = CompletableFuture.supplyAsync(() -> TestDb.sdbench(
                TestDb.threeTierRun(SCHEMA, 6, DURATION_SECONDS, "200ms", "target/test-results/three-tier-stall")));
        TestDb.Run r;
        try (var db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect()) {
            TestDb.awaitRunOrders(SCHEMA);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("LOCK TABLE " + SCHEMA + ".vbak IN ACCESS EXCLUSIVE MODE");
            }
            // The lock is held until the run has ended by itself; the bound only keeps a broken run from hanging the
            // suite.
            r = run.get(4, TimeUnit.MINUTES);
            c.rollback();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(3, r.exit(), r.out() + r.err());
        String lastLine = r.err().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(lastLine.contains("unanswered") && lastLine.contains("stalled database"), lastLine);
        // Start-up of three processes on a loaded host takes up to half a minute; the drain is at most 60 s.
        assertTrue(seconds < 1 + DURATION_SECONDS + 60 + 45, "ended after " + seconds + " s");
        Path folder = r.folder();
        JsonNode result = Json.MAPPER.readTree(folder.resolve(RunFolder.RESULT).toFile());
        JsonNode errors = result.at("/summary/errorsByKind");
        assertTrue(errors.path("timeout").asLong() > 0, "stuck steps counted as timeouts: " + errors);
        assertEquals(
                0,
                ProcessHandle.current()
                        .children()
                        .filter(ProcessHandle::isAlive)
                        .count(),
                "no child process outlives the run");
    }
}
