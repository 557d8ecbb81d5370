package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.central.CentralServices;
import org.sdbench.core.Clock;
import org.sdbench.load.TestDb;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;

/** A run its app tier refuses before it starts leaves no partial run folder behind. */
class RefusedRunTest {
    private static final String SCHEMA = "it_refused_run";

    @TempDir
    Path dir;

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_centralServicesRequireATokenTheRunLacks_exit3AndNoRunFolder() throws Exception {
        Path tokenFile = dir.resolve("token");
        Files.createFile(tokenFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tokenFile, "refused-run-secret-" + System.nanoTime());
        Path results = dir.resolve("results");
        try (CentralServices central =
                CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, Token.read(tokenFile), Clock.SYSTEM, line -> {})) {
            TestDb.Run r = TestDb.sdbench(
                    "run",
                    "-c",
                    "config/three-tier.yaml",
                    "--db-url",
                    TestDb.url(),
                    "--set",
                    "database.schema=" + SCHEMA,
                    "--users",
                    "2",
                    "--duration",
                    "5s",
                    "--set",
                    "appServer.central=127.0.0.1:" + central.port(),
                    "--set",
                    "run.resultsDir=" + results);

            assertEquals(3, r.exit(), r.out() + r.err());
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        }
        try (var left = Files.list(results)) {
            assertEquals(0, left.count(), "no partial run folder in " + results);
        } catch (NoSuchFileException none) {
            // Not even the results folder: nothing left behind either.
        }
    }
}
