package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.Json;
import org.sdbench.report.RunFolder;
import org.sdbench.study.sweep.SweepStore;

/**
 * Ctrl-C in the middle of a sweep's run, in a real process: the process exits 130, the run it
 * interrupted writes its window so far, and sweep.json and sweep.html say the sweep was interrupted
 * and how to resume it.
 */
class CtrlCSweepTest {
    private static final String SCHEMA = "sdbench_sweep_ctrl_c";

    @BeforeAll
    static void load() {
        // Loaded for the larger level: the sweep does not extend the data set first.
        TestDb.load(SCHEMA, 4);
    }

    @AfterAll
    static void drop() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @Test
    void sweep_sigintDuringARun_exit130RunAndSweepWrittenResumeNamed(@TempDir Path results) throws Exception {
        try (InterruptibleRun run = InterruptibleRun.start(
                Map.of(),
                line -> line.contains("DS/h"),
                Args.of("sweep")
                        .db(SCHEMA)
                        .set("run.resultsDir", results.toString())
                        .set("workload.thinkTime", "50ms")
                        .option("--levels", "2,4")
                        .rampUp("1s")
                        .duration("5m")
                        .rampDown("0s")
                        .interval(1)
                        .build())) {
            run.awaitLine(3);
            assertTrue(run.interruptAndWait(3), "the interrupted sweep did not end: " + run.output());
            assertEquals(130, run.process().exitValue(), run.output());
            assertTrue(run.output().contains("sdbench sweep --resume "), run.output());
        }
        Path sweep;
        try (Stream<Path> dirs = Files.list(results)) {
            sweep = dirs.filter(p -> p.getFileName().toString().contains("-sweep-"))
                    .findFirst()
                    .orElseThrow();
        }
        JsonNode json = Json.MAPPER.readTree(sweep.resolve(SweepStore.FILE).toFile());
        assertTrue(json.path("stopped").asText().startsWith("interrupted (Ctrl-C)"), json.toString());
        assertTrue(Files.readString(sweep.resolve(SweepStore.HTML)).contains("interrupted (Ctrl-C)"));
        Path interrupted;
        try (Stream<Path> dirs = Files.list(sweep)) {
            interrupted = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertTrue(
                Files.isRegularFile(interrupted.resolve(RunFolder.RESULT)),
                "the interrupted run wrote its window so far: " + interrupted);
    }
}
