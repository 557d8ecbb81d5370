package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.core.Clock;
import org.sdbench.database.load.TestDb;
import org.sdbench.network.LinkProfile;
import org.sdbench.network.Relay;
import org.sdbench.network.RelaySpec;

/**
 * Fault injection: the database stops answering mid-run (a relay that stops forwarding). The run
 * must count the timeouts, give up after database.timeouts.maxOutage with one line and exit 3,
 * and still write its folder with the window so far, all within a bound, and no thread of the run
 * dies of an exception on the way (its stack trace would reach the user's terminal).
 */
class DbStallTest {
    private static final String SCHEMA = "it_db_stall";

    /** A schema an earlier, interrupted test JVM left behind would count its orders as this run's. */
    @BeforeAll
    static void dropLeftovers() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_databaseStalledPastMaxOutage_exit3WithRunFolderAndCountedTimeouts() throws Exception {
        URI db = URI.create(TestDb.url().substring("jdbc:".length()));
        Path results = Path.of("target", "test-results", SCHEMA);
        // The product's relay, cut until closed: to sdbench the server looks stalled (connections stay
        // open, nothing comes back), like a SIGSTOPped PostgreSQL, without touching a shared server.
        RelaySpec spec = new RelaySpec(
                new InetSocketAddress("127.0.0.1", 0),
                new InetSocketAddress(db.getHost(), db.getPort()),
                LinkProfile.NONE,
                LinkProfile.NONE,
                1,
                Clock.SYSTEM);
        // Loaded directly, not through the relay: the load's ANALYZE may outlast the run's 2 s socket bound on a
        // busy host, and the stall must hit the run, not the load.
        TestDb.Run load = TestDb.sdbench(Args.load().db(SCHEMA).users(4).build());
        assertEquals(0, load.exit(), load.err() + load.out());
        // A thread of the run that dies of an exception prints a stack trace the user sees: none may.
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Queue<String> died = new ConcurrentLinkedQueue<>();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> died.add(t.getName() + ": " + e));
        try (Relay relay = Relay.start(spec)) {
            String url = "jdbc:postgresql://127.0.0.1:" + relay.address().getPort() + db.getPath();
            var run = CompletableFuture.supplyAsync(() -> TestDb.sdbench(
                    "run",
                    "--db-url",
                    url,
                    "--set",
                    "database.schema=" + SCHEMA,
                    "--users",
                    "4",
                    "--ramp-up",
                    "1s",
                    "--duration",
                    "5m",
                    "--ramp-down",
                    "0s",
                    "--set",
                    "workload.thinkTime=50ms",
                    "--set",
                    "run.resultsDir=" + results,
                    "--interval",
                    "1",
                    "--set",
                    "database.timeouts.connect=1s",
                    "--set",
                    "database.timeouts.socket=2s",
                    "--set",
                    "database.timeouts.statement=1s",
                    "--set",
                    "database.timeouts.maxOutage=3s"));
            TestDb.awaitRunOrders(SCHEMA);
            relay.cut(null);
            var r = run.get(3, TimeUnit.MINUTES);
            Files.writeString(Path.of("target", "db-stall-run.log"), r.err() + r.out());
            assertEquals(3, r.exit(), r.err() + r.out());
            String lastLine = r.err().strip().lines().reduce((a, b) -> b).orElse("");
            assertTrue(lastLine.startsWith("sdbench: run stopped: no database connection"), lastLine);
            assertTrue(lastLine.contains("database.timeouts.maxOutage"), lastLine);
            JsonNode result;
            try (Stream<Path> dirs = Files.list(results)) {
                Path folder = dirs.max(Path::compareTo).orElseThrow();
                result = new ObjectMapper()
                        .readTree(folder.resolve("result.json").toFile());
                assertTrue(Files.exists(folder.resolve("report.html")));
            }
            JsonNode errors = result.path("summary").path("errorsByKind");
            assertTrue(errors.path("db-timeout").asLong() > 0, "socket timeouts are counted: " + errors);
            assertTrue(
                    result.path("reliability").path("stoppedEarly").asBoolean(),
                    result.path("reliability").toString());
            assertTrue(
                    result.path("reliability").path("failedConnectionAttempts").asLong() > 0,
                    "reconnect attempts are counted: " + result.path("reliability"));
            assertEquals(List.of(), List.copyOf(died), "threads that died of an exception");
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }
}
