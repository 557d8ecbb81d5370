package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.core.SdStep;
import org.sdbench.core.SettableClock;
import org.sdbench.database.load.TestDb;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.report.Json;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;

/** The run folder's files: distinct folders, environment.json replaced atomically, the summary never lost. */
class ResultFilesTest {
    /** A hop as environment.json records it, its addresses among its fields. */
    record Hop(String from, String to, String toAddress) {}

    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private SdbenchConfig config() {
        return TestDb.config("fixture", "run.resultsDir=" + dir);
    }

    @Test
    void create_sameNameInTheSameSecondConcurrently_distinctFolders() throws Exception {
        LocalDateTime second = LocalDateTime.of(2026, 1, 2, 3, 4, 5);
        Set<Path> made = ConcurrentHashMap.newKeySet();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                made.add(RunFolder.create(config(), second));
            }));
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(4, made.size(), made.toString());
        String name = config().name();
        assertTrue(made.contains(dir.resolve("20260102-030405-" + name)), made.toString());
        assertTrue(made.contains(dir.resolve("20260102-030405-" + name + "-2")), made.toString());
    }

    @Test
    void addToEnvironment_existingFile_replacedByRenameNotRewrittenInPlace() throws Exception {
        Path env = dir.resolve(RunFolder.ENVIRONMENT);
        Files.writeString(env, "{\"schemaVersion\":1}");
        Object before = Files.getAttribute(env, "unix:ino");

        RunFolder.addToEnvironment(dir, "hops", List.of(new Hop("driver", "central", "127.0.0.1:1")));

        assertNotEquals(before, Files.getAttribute(env, "unix:ino"), "a new file took the old one's place");
        var tree = Json.MAPPER.readTree(env.toFile());
        assertEquals(1, tree.path("schemaVersion").asInt());
        assertEquals("127.0.0.1:1", tree.path("hops").get(0).path("toAddress").asText());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(env), files.toList(), "no temporary file left");
        }
    }

    @Test
    void publish_folderNotWritable_summaryPrintedThenEnvironmentError() throws Exception {
        Path notADirectory = Files.createFile(dir.resolve("taken"));
        StringWriter text = new StringWriter();

        assertThrows(
                EnvironmentException.class,
                () -> RunEngine.publish(notADirectory, report(60, 0), List.of(), null, new PrintWriter(text)));

        assertTrue(text.toString().contains("little's law"), "the summary was printed: " + text);
        assertFalse(text.toString().contains("results: "), "no folder is claimed: " + text);
    }

    @Test
    void verdict_failedStepsInWindow_exit1UnlessErrorsAccepted() {
        RunReport failed = report(60, 1);

        RunVerdict strict = RunVerdict.of(failed, false, false);
        assertEquals(RunVerdict.FAILED_CHECK, strict.exitCode());
        assertTrue(
                strict.line().contains("1 dialog steps failed") && strict.line().contains("--accept-errors"),
                strict.line());
        assertEquals(RunVerdict.OK, RunVerdict.of(failed, false, true).exitCode());
    }

    @Test
    void verdict_throughputDepartsFromLittlesLaw_exit1UnlessErrorsAccepted() {
        // 10 users, 10 s think time: about 60 steps a minute; 30 is half of that.
        RunReport slow = report(30, 0);

        RunVerdict strict = RunVerdict.of(slow, false, false);
        assertEquals(RunVerdict.FAILED_CHECK, strict.exitCode(), String.valueOf(slow.littleLaw()));
        assertTrue(strict.line().contains("Little's law"), strict.line());
        assertEquals(RunVerdict.OK, RunVerdict.of(slow, false, true).exitCode());
    }

    @Test
    void verdict_cleanRun_exit0AndCtrlC130() {
        RunReport clean = report(60, 0);

        assertEquals(RunVerdict.OK, RunVerdict.of(clean, false, false).exitCode(), String.valueOf(clean.littleLaw()));
        assertNull(RunVerdict.of(clean, false, false).line());
        assertEquals(RunVerdict.INTERRUPTED, RunVerdict.of(clean, true, false).exitCode());
    }

    /** A 60 s window of 10 users with 10 s think time: {@code ok} steps of 10 ms, {@code failed} failed ones. */
    private RunReport report(int ok, int failed) {
        SettableClock clock = new SettableClock();
        RunMetrics m = new RunMetrics(clock);
        StepTimes t = new StepTimes(MS, 0, 2 * MS, 5 * MS, 3, 0, 0, 0, 0, 7);
        for (int i = 0; i < ok; i++) {
            m.record(new StepResult(SdStep.VA03_ENTER_ORDER, StepOutcome.Ok.INSTANCE, t, 0), 10 * MS);
        }
        for (int i = 0; i < failed; i++) {
            m.record(new StepResult(SdStep.VA03_ENTER_ORDER, new StepOutcome.Timeout("test"), t, 0), 10 * MS);
        }
        clock.set(60_000 * MS);
        m.interval(true);
        SdbenchConfig c = TestDb.config("fixture", "run.users=10", "workload.thinkTime=10s");
        var app = new RunReport.AppTier(1, 4, 2, null, 0, 0, 0, 1, 0, 0, 0, 0, 0);
        var rel = new RunReport.Reliability(0, 0, 0, true, 0, 0, false, 0, 0);
        return RunReport.of(
                c,
                "test",
                "2025-01-01T00:00",
                "none",
                m.summary(),
                app,
                rel,
                new RunReport.Timeline(0, 60, 0, 10),
                null,
                null,
                List.of());
    }
}
