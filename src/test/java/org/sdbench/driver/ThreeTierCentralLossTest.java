package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.database.load.TestDb;

/**
 * Central services killed with SIGKILL mid-run: the run ends early with one line and exit 3 instead of
 * hanging, the window so far is in the run folder, the app servers stop with their central services
 * (no process outlives the run), and no update request is lost: the next run processes what they
 * left in VBHDR and the audit passes.
 */
class ThreeTierCentralLossTest {
    private static final String SCHEMA = "it_threetier_central";

    @BeforeAll
    @AfterAll
    static void dropSchema() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_centralServicesKilledMidRun_endsWithOneLineExit3AndLosesNothing() throws Exception {
        // A window far longer than the test waits: only the loss of the central services can end it in time.
        CompletableFuture<TestDb.Run> run = CompletableFuture.supplyAsync(() -> TestDb.sdbench(
                "run",
                "--accept-errors",
                "-c",
                "config/three-tier.yaml",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "6",
                "--ramp-up",
                "1s",
                "--duration",
                "10m",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=50ms",
                "--set",
                "run.resultsDir=target/test-results/three-tier-central",
                "--interval",
                "2"));
        ProcessHandle central = awaitCentralWithWork(run);
        long killedAt = System.nanoTime();
        central.destroyForcibly();
        TestDb.Run r = run.get(3, TimeUnit.MINUTES);
        long endedSeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killedAt);

        assertEquals(3, r.exit(), r.out() + r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), "exactly one line: " + err);
        assertTrue(
                err.startsWith("sdbench: run stopped: central services gone")
                        && err.contains("the window so far is in"),
                err);
        assertFalse(err.contains("\tat "), "no stack trace");
        assertTrue(endedSeconds < 120, "the run ended " + endedSeconds + " s after the kill");
        Path folder = Path.of(
                err.substring(err.indexOf("the window so far is in ") + 24).strip());
        var result = new ObjectMapper().readTree(folder.resolve("result.json").toFile());
        assertTrue(
                result.at("/summary/overall/response/count").asLong() > 0,
                "the window so far is reported: " + result.at("/summary"));
        assertTrue(
                Files.readString(folder.resolve("result.json")).contains("central services gone during the run"),
                "the report says why the run ended");
        awaitNoChildren();

        // The app servers' unfinished update requests stay in VBHDR; the next run's instances 1 and 2 process
        // them first (each its own, as SAP's update task does after a restart).
        TestDb.Run next = TestDb.sdbench(
                "run",
                "--accept-errors",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "2",
                "--set",
                "appServer.instances=2",
                "--ramp-up",
                "1s",
                "--duration",
                "2s",
                "--ramp-down",
                "1s",
                "--set",
                "run.resultsDir=target/test-results/three-tier-central");
        assertEquals(0, next.exit(), next.out() + next.err());
        TestDb.Run check = TestDb.sdbench(Args.of("check").db(SCHEMA).build());
        assertEquals(0, check.exit(), check.out() + check.err());
    }

    /** The central services (the child started with the 'central' command), once documents were saved: a bounded wait on a condition. */
    private static ProcessHandle awaitCentralWithWork(CompletableFuture<TestDb.Run> run) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        while (System.nanoTime() < deadline && !run.isDone()) {
            List<ProcessHandle> children = ProcessHandle.current().children().toList();
            var central = children.stream()
                    .filter(ThreeTierCentralLossTest::isCentral)
                    .findFirst();
            if (children.size() == 3 && central.isPresent() && savedOrders() >= 6) {
                return central.get();
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("no documents saved in time: "
                + (run.isDone() ? run.get().out() + run.get().err() : ""));
    }

    /** Linux's full argument list (ProcessHandle.Info cuts long command lines): 'central' is the command. */
    private static boolean isCentral(ProcessHandle h) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(h.pid()), "cmdline"))
                    .contains("\0central\0");
        } catch (IOException e) {
            return false;
        }
    }

    /** Every child ended (bounded): the app servers stop by themselves once their central services are gone. */
    private static void awaitNoChildren() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (ProcessHandle.current().children().anyMatch(ProcessHandle::isAlive)) {
            assertTrue(
                    System.nanoTime() < deadline,
                    "no child process outlives the run: "
                            + ProcessHandle.current()
                                    .children()
                                    .filter(ProcessHandle::isAlive)
                                    .map(ProcessHandle::pid)
                                    .toList());
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private static long savedOrders() {
        try (var db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                var rs = c.createStatement().executeQuery(TestDb.RUN_ORDERS_SQL)) {
            rs.next();
            return rs.getLong(1);
        } catch (Exception e) {
            // Not loaded yet: the run loads the master data first.
            return 0;
        }
    }
}
