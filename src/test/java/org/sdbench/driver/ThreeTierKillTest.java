package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.ChildStartup;
import org.sdbench.report.Json;
import org.sdbench.report.RunFolder;

/**
 * A real three-tier run (central services and two app-server processes started by the run), one
 * app server killed with SIGKILL mid-run: the run completes, its users log on elsewhere, the dead
 * instance's update requests are processed by the survivor, and the audit passes. The run also
 * changes buffered customizing every second: the app-server processes drop the changed tables
 * from their buffers, and the report counts those invalidations.
 */
class ThreeTierKillTest {
    private static final String SCHEMA = "it_threetier";
    private static final Path RESULTS = Path.of("target", "test-results", "three-tier");

    /** A schema an earlier, interrupted test JVM left behind would count its orders as this run's. */
    @BeforeAll
    static void dropLeftovers() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @AfterAll
    static void dropSchema() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_appServerKilledMidRun_completesAndAuditPasses() throws Exception {
        Instant begun = Instant.now();
        CompletableFuture<TestDb.Run> run = CompletableFuture.supplyAsync(() -> TestDb.sdbench(
                "run",
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
                "20s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=1s",
                "--set",
                "run.resultsDir=" + RESULTS,
                "--interval",
                "2",
                "--set",
                "run.customizingChangeEvery=1s",
                "--set",
                "appServer.tableBufferSync=500ms",
                // A killed instance fails the steps it was running: expected here.
                "--accept-errors"));
        ProcessHandle victim = awaitVictimWithWork(run, begun);
        victim.destroyForcibly();
        TestDb.Run r = run.get(8, TimeUnit.MINUTES);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("lost app servers [2]"), r.out());
        assertTrue(r.out().contains("three-tier: response at the app servers"), r.out());
        var buffer = result(r).at("/tableBuffer");
        assertTrue(buffer.at("/customizingChanges").asLong() >= 5, buffer.toString());
        assertTrue(buffer.at("/invalidations").asLong() > 0, "the app servers dropped changed tables: " + buffer);
        assertTrue(buffer.at("/windowHits").asLong() > 0, buffer.toString());
        assertTrue(r.out().contains("customizing changes by the run"), r.out());
        // The killed instance's users log on again mid-loop; none may carry on with a fresh
        // context (that wrote an order without its customer, which failed in V1 for good). Every error
        // is the loss itself, and no update request is left that cannot be completed.
        var errors = result(r).at("/summary/errorsByKind");
        Set<String> kinds = new TreeSet<>();
        errors.fieldNames().forEachRemaining(kinds::add);
        assertTrue(Set.of("app-server-lost").containsAll(kinds), "errors by kind: " + errors);
        assertEquals(0, failedRequests(), "no update request in state E");
        TestDb.Run check = TestDb.sdbench(Args.of("check").db(SCHEMA).build());
        assertEquals(0, check.exit(), check.out() + check.err());
        assertEquals(
                0,
                ProcessHandle.current()
                        .children()
                        .filter(ProcessHandle::isAlive)
                        .count(),
                "no child process outlives the run");
    }

    private static JsonNode result(TestDb.Run r) throws IOException {
        Path folder = r.folder();
        return Json.MAPPER.readTree(folder.resolve(RunFolder.RESULT).toFile());
    }

    /** App server 2, once documents were saved (a bounded wait on a condition, not a sleep for timing). */
    private static ProcessHandle awaitVictimWithWork(CompletableFuture<TestDb.Run> run, Instant begun)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(8);
        while (System.nanoTime() < deadline && !run.isDone()) {
            // The run starts central services, then app server 1, then app server 2, as children of this JVM.
            List<ProcessHandle> started = ProcessHandle.current()
                    .children()
                    .sorted(Comparator.comparing(h -> h.info().startInstant().orElse(Instant.MAX)))
                    .toList();
            Optional<ProcessHandle> p = started.size() == 3 ? Optional.of(started.get(2)) : Optional.empty();
            // Killed before its 'ready' line, it would fail the run's start instead of its window.
            if (p.isPresent() && appServer2Ready(begun) && savedOrders() >= 1) {
                return p.get();
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("no documents saved in time: "
                + (run.isDone() ? run.get().out() + run.get().err() : ""));
    }

    /** Whether this run's app server 2 printed its 'ready' line (its log is in the run folder). */
    private static boolean appServer2Ready(Instant begun) throws IOException {
        if (!Files.isDirectory(RESULTS)) {
            return false;
        }
        try (Stream<Path> logs = Files.find(
                RESULTS,
                2,
                (path, attrs) -> path.getFileName().toString().equals("appserver-2.log")
                        && attrs.lastModifiedTime().toInstant().isAfter(begun))) {
            for (Path log : logs.toList()) {
                if (Files.readAllLines(log).stream()
                        .anyMatch(l -> ChildStartup.readyPort(l).isPresent())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static long failedRequests() throws Exception {
        try (var db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                var rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'E'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long savedOrders() {
        try (var db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                // Orders the run saved, above the loaded order history's numbers.
                var rs = c.createStatement().executeQuery(TestDb.RUN_ORDERS_SQL)) {
            rs.next();
            return rs.getLong(1);
        } catch (Exception e) {
            // Not loaded yet: the run loads the master data first.
            return 0;
        }
    }
}
