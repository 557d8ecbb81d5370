package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
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
 * A real three-tier run whose two app servers are both killed (SIGKILL, one after the other)
 * mid-window: with nobody left to serve the users or take over the update requests, the run ends
 * at once instead of spinning through its window, exits 3 with its folder, and says that what the
 * app servers left pending stays in VBHDR (not that it was taken over).
 */
class ThreeTierEveryServerLostTest {
    private static final String SCHEMA = "it_threetier_all_lost";
    private static final int DURATION_SECONDS = 120;

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
    void run_bothAppServersKilled_endsAtOnceWithExit3AndSaysWhatIsPending() throws Exception {
        CompletableFuture<TestDb.Run> run = CompletableFuture.supplyAsync(() -> TestDb.sdbench(
                TestDb.threeTierRun(SCHEMA, 6, DURATION_SECONDS, "500ms", "target/test-results/three-tier-all-lost")));
        List<ProcessHandle> appServers = awaitAppServersWithWork(run);
        appServers.get(0).destroyForcibly();
        appServers.get(0).onExit().get(30, TimeUnit.SECONDS);
        appServers.get(1).destroyForcibly();
        long killed = System.nanoTime();
        TestDb.Run r = run.get(4, TimeUnit.MINUTES);
        double afterKill = (System.nanoTime() - killed) / 1e9;
        assertEquals(3, r.exit(), r.out() + r.err());
        // Far sooner than the rest of the 2-minute window plus its drain.
        assertTrue(afterKill < 45, "ended " + afterKill + " s after the second kill");
        String lastLine = r.err().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(lastLine.contains("every app server was lost") && lastLine.contains("VBHDR"), lastLine);
        Path folder = r.folder();
        JsonNode result = Json.MAPPER.readTree(folder.resolve(RunFolder.RESULT).toFile());
        String warnings = result.path("warnings").toString();
        assertTrue(warnings.contains("no instance survived"), warnings);
        assertTrue(!warnings.contains("were taken over"), warnings);
        assertEquals(
                0,
                ProcessHandle.current()
                        .children()
                        .filter(ProcessHandle::isAlive)
                        .count(),
                "no child process outlives the run");
    }

    /** The run's two app servers (children 2 and 3 by start time), once it has saved orders. */
    private static List<ProcessHandle> awaitAppServersWithWork(CompletableFuture<TestDb.Run> run) throws Exception {
        TestDb.awaitRunOrders(SCHEMA);
        List<ProcessHandle> started = ProcessHandle.current()
                .children()
                .sorted(Comparator.comparing(h -> h.info().startInstant().orElse(Instant.MAX)))
                .toList();
        if (started.size() != 3 || run.isDone()) {
            throw new AssertionError("expected central services and two app servers, found " + started.size()
                    + (run.isDone() ? ": " + run.get().out() + run.get().err() : ""));
        }
        return started.subList(1, 3);
    }
}
