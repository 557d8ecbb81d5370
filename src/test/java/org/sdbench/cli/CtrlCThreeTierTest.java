package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;

/**
 * Ctrl-C during a three-tier run in a real process: the driver harvests, the app
 * servers it started drain their update queues, the central services stop last; the run exits 130
 * with its folder, no update request is left pending, and no process it started outlives it.
 */
class CtrlCThreeTierTest {
    private static final String SCHEMA = "it_ctrlc_three_tier";

    @AfterAll
    static void dropSchema() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_sigintInThreeTier_drainedFolderWrittenExit130AndNoProcessLeft() throws Exception {
        TestDb.load(SCHEMA, 6);
        Path results = Path.of("target", "test-results", "ctrl-c-three-tier").toAbsolutePath();
        List<ProcessHandle> started = new ArrayList<>();
        try (InterruptibleRun run = InterruptibleRun.start(
                Map.of(),
                line -> line.startsWith("[measurement"),
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
                "5m",
                "--ramp-down",
                "0s",
                "--interval",
                "1",
                "--set",
                "workload.thinkTime=100ms",
                "--set",
                "run.resultsDir=" + results)) {
            Process p = run.process();
            run.awaitLine(4);
            assertTrue(p.isAlive(), "the run ended before it was interrupted: " + run.output());
            // Central services and both app servers, started by the run (in a session of their own).
            p.descendants()
                    .filter(h -> h.info().command().orElse("").contains("java"))
                    .forEach(started::add);
            assertTrue(started.size() >= 3, "the run's processes: " + started.size() + "\n" + run.output());
            assertTrue(run.interruptAndWait(3), "the interrupted run did not end: " + run.output());
            String out = run.output();
            Files.writeString(Path.of("target", "ctrl-c-three-tier-run.log"), out);
            assertEquals(130, p.exitValue(), out);
            Path folder;
            try (Stream<Path> dirs = Files.list(results)) {
                folder = dirs.max(Path::compareTo).orElseThrow();
            }
            for (String f : List.of("result.json", "intervals.csv", "report.html", "environment.json")) {
                assertTrue(Files.size(folder.resolve(f)) > 0, f + " written: " + out);
            }
            String result = Files.readString(folder.resolve("result.json"));
            assertTrue(result.contains("\"stoppedEarly\" : true"), out);
            assertTrue(result.contains("\"threeTier\""), "the three-tier section was harvested: " + out);
            for (ProcessHandle h : started) {
                try {
                    h.onExit().get(30, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    throw new AssertionError("process " + h.pid() + " ("
                            + h.info().commandLine().orElse("?") + ") outlived the run by 30 s:\n" + out);
                }
            }
            assertEquals(0, count("SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'P'"), "the app servers drained: " + out);
            TestDb.Run check = TestDb.sdbench(Args.of("check").db(SCHEMA).build());
            assertEquals(0, check.exit(), check.out() + check.err());
        } finally {
            started.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static long count(String sql) throws Exception {
        try (var db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                var rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
