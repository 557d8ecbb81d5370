package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.load.TestDb;

/**
 * A real password check: a PostgreSQL of its own whose pg_hba.conf demands scram-sha-256 from a
 * benchmark role (the machine's servers trust every local connection, so they cannot say no).
 */
class PasswordAuthTest {
    private static EmbeddedPostgres pg;
    private static String url;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() throws Exception {
        Path hba = Files.writeString(
                tmp.resolve("pg_hba.conf"),
                String.join(
                        "\n",
                        "local all all trust",
                        "host all postgres 127.0.0.1/32 trust",
                        "host all all 127.0.0.1/32 scram-sha-256",
                        ""));
        pg = EmbeddedPostgres.builder()
                .setDataDirectory(tmp.resolve("data"))
                .setCleanDataDirectory(true)
                .setServerConfig("hba_file", hba.toString())
                .setServerConfig("password_encryption", "scram-sha-256")
                .start();
        try (Connection c = pg.getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE ROLE bench LOGIN PASSWORD 'right-one'");
            s.execute("CREATE DATABASE benchdb OWNER bench");
        }
        url = "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/benchdb";
    }

    @AfterAll
    static void stop() throws Exception {
        pg.close();
    }

    private static TestDb.Run plan(String passwordFile) {
        return TestDb.sdbench(
                "load",
                "--users",
                "1",
                "--db-url",
                url,
                "--set",
                "database.user=bench",
                "--set",
                "database.passwordFile=" + passwordFile,
                "--set",
                "database.passwordEnv=SDBENCH_TEST_NO_SUCH_VARIABLE");
    }

    @Test
    void load_wrongPasswordFromFile_oneLineExit3AndPasswordNeverPrinted() throws Exception {
        Path f = ownerOnly(tmp.resolve("wrong"), "not-the-password\n");
        var r = plan(f.toString());
        assertEquals(3, r.exit(), r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("sdbench: authentication failed for user 'bench' at " + url), err);
        assertFalse(err.contains("not-the-password") || r.out().contains("not-the-password"));
    }

    @Test
    void load_rightPasswordFromFile_loads() throws Exception {
        Path f = ownerOnly(tmp.resolve("right"), "right-one\n");
        var r = plan(f.toString());
        assertEquals(0, r.exit(), r.err() + r.out());
        assertFalse(r.out().contains("right-one"), "the password is never printed");
    }

    @Test
    void load_unreadablePasswordFile_exit2NamingTheKey() {
        var r = plan(tmp.resolve("missing").toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("'database.passwordFile'"), r.err());
    }

    @Test
    void load_passwordFileReadableByOthers_exit2AndNotUsed() throws Exception {
        Path f = Files.writeString(tmp.resolve("loose"), "right-one\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        var r = plan(f.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("is accessible by group or others (rw-r--r--)"), r.err());
        assertTrue(r.err().contains("chmod 600"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    private static Path ownerOnly(Path file, String content) throws IOException {
        Files.writeString(file, content);
        return Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
}
