package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.Json;
import org.sdbench.study.experiment.ServerSetting;

/**
 * Ctrl-C in the middle of an experiment's run, in a real process, while that run's variant has a
 * server setting in force (the warm-up run, which runs the variant round 1 starts with): the process
 * exits 130, experiment.json says it was interrupted, and the setting is back as it was found (no
 * postgresql.auto.conf entry, the old value in force).
 */
class CtrlCExperimentTest {
    private static final String SCHEMA = "sdbench_experiment_ctrl_c";

    @BeforeAll
    static void load() {
        TestDb.load(SCHEMA, 2);
    }

    @AfterAll
    static void drop() throws Exception {
        TestDb.drop(SCHEMA);
    }

    /** The value in force and postgresql.auto.conf's entry (null when none). */
    private static String[] setting(String name) throws Exception {
        return new String[] {ServerSetting.inForce(SCHEMA, name), ServerSetting.autoConf(SCHEMA, name)};
    }

    @Test
    void experiment_sigintDuringAlternativesRun_exit130SettingPutBackAndJsonWritten() throws Exception {
        String[] before = setting("random_page_cost");
        assertNull(before[1]);
        Path dir = Path.of("target", "test-results", "experiment-ctrl-c").toAbsolutePath();
        AtomicBoolean alternativeStarted = new AtomicBoolean();
        // Seed 2 runs the alternative first in round 1, so the warm-up runs it; its first progress line means
        // its setting is in force.
        try (InterruptibleRun run = InterruptibleRun.start(
                Map.of(),
                line -> {
                    if (line.contains("warm-up run") && line.contains(": rpc (db.random_page_cost=1.3)")) {
                        alternativeStarted.set(true);
                    }
                    return alternativeStarted.get() && line.contains("DS/h");
                },
                "experiment",
                // A busy test host flags runs as disturbed: the run counts below assume each round runs once.
                "--max-repeats",
                "0",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "2",
                "--ramp-up",
                "1s",
                "--duration",
                "5m",
                "--ramp-down",
                "0s",
                "--interval",
                "1",
                "--seed",
                "2",
                "--dir",
                dir.toString(),
                "--variant",
                "base:",
                "--variant",
                "rpc:db.random_page_cost=1.3")) {
            run.awaitLine(4);
            assertEquals(
                    "1.3", setting("random_page_cost")[0], "the alternative's setting is in force: " + run.output());
            assertTrue(run.interruptAndWait(3), "the interrupted experiment did not end: " + run.output());
            assertEquals(130, run.process().exitValue(), run.output());
        }
        String[] after = setting("random_page_cost");
        assertEquals(before[0], after[0], "the value in force is the one found");
        assertNull(after[1], "no ALTER SYSTEM entry left behind");
        Path folder;
        try (Stream<Path> dirs = Files.list(dir)) {
            folder = dirs.max(Path::compareTo).orElseThrow();
        }
        JsonNode e = Json.MAPPER.readTree(folder.resolve("experiment.json").toFile());
        assertTrue(e.path("stopped").asText().startsWith("interrupted in the warm-up run"), e.toString());
    }
}
