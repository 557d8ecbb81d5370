package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.core.EnvironmentException;

/**
 * A start of the embedded server that fails says what its log says (the FATAL line) and advises
 * removing the data directory only when the log blames it: a setting the host cannot give must not
 * cost the loaded data.
 */
class EmbeddedStartFailureTest {
    @TempDir
    Path home;

    @Test
    void start_settingTheHostCannotGive_fatalLineAndNoAdviceToRemoveTheData() {
        Path data = home.resolve("embedded-pg17");
        // Far more shared memory than the host has: the server starts to map it and gives up.
        var e = assertThrows(
                EnvironmentException.class,
                () -> EmbeddedServer.start(data, 0, Map.of("shared_buffers", "4TB"))
                        .close());
        assertTrue(e.getMessage().contains("FATAL:"), e.getMessage());
        assertTrue(e.getMessage().contains("does not start with the settings it was given"), e.getMessage());
        assertFalse(e.getMessage().contains("remove " + data), e.getMessage());
    }

    @Test
    void advice_logBlamesTheDataDirectory_adviseRemovingIt() throws Exception {
        Path log = home.resolve("pg.log");
        Files.writeString(log, "old start: all fine\n");
        StartLog start = StartLog.of(log);
        Files.writeString(
                log,
                "2026-01-01 LOG:  starting\n2026-01-01 FATAL:  database files are incompatible with server\n",
                java.nio.file.StandardOpenOption.APPEND);
        assertTrue(start.fatal().orElseThrow().startsWith("FATAL:  database files are incompatible"));
        assertTrue(start.advice(home.resolve("data"), Map.of()).contains("remove " + home.resolve("data")));
    }

    @Test
    void fatal_earlierStartsFatal_notTakenForThisOnes() throws Exception {
        Path log = home.resolve("pg.log");
        Files.writeString(log, "FATAL:  an old failure\n");
        StartLog start = StartLog.of(log);
        Files.writeString(log, "LOG:  this start\n", java.nio.file.StandardOpenOption.APPEND);
        assertTrue(start.fatal().isEmpty());
        assertTrue(start.advice(home, Map.of()).contains(log.toString()));
    }
}
