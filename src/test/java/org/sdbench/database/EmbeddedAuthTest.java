package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded server asks every connection for its generated password, also when its data predates that. */
class EmbeddedAuthTest {
    @TempDir
    Path home;

    private static Connection connect(EmbeddedServer s, String password) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        if (password != null) {
            p.setProperty("password", password);
        }
        return DriverManager.getConnection(s.jdbcUrl(), p);
    }

    @Test
    void start_newDataDir_passwordRequiredAndKeptOwnerOnly() throws Exception {
        Path data = home.resolve("embedded-pg17");
        try (EmbeddedServer s = EmbeddedServer.start(data, 0)) {
            SQLException refused =
                    assertThrows(SQLException.class, () -> connect(s, null).close());
            assertTrue(refused.getMessage().contains("password"), refused.getMessage());
            assertThrows(SQLException.class, () -> connect(s, "guess").close());
            try (Connection c = connect(s, s.password())) {
                assertTrue(c.isValid(5));
            }
            Path pwFile = home.resolve("embedded-pg17.password");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(pwFile)));
            assertEquals(s.password(), Files.readString(pwFile).strip());
        }
        try (EmbeddedServer again = EmbeddedServer.start(data, 0);
                Connection c = connect(again, again.password())) {
            assertTrue(c.isValid(5), "the same password on the next start");
        }
    }

    @Test
    void start_dataDirCreatedWithTrust_securedAndDataKept() throws Exception {
        Path data = home.resolve("old-pg17");
        try (EmbeddedPostgres old = EmbeddedPostgres.builder()
                        .setDataDirectory(data)
                        .setCleanDataDirectory(false)
                        .start();
                Connection c = old.getPostgresDatabase().getConnection();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE kept (x integer)");
        }
        try (EmbeddedServer s = EmbeddedServer.start(data, 0)) {
            assertThrows(SQLException.class, () -> connect(s, null).close());
            try (Connection c = DriverManager.getConnection(
                            s.jdbcUrl().replace("/" + EmbeddedServer.DATABASE, "/postgres"), "postgres", s.password());
                    Statement st = c.createStatement();
                    var rs = st.executeQuery("SELECT COUNT(*) FROM kept")) {
                assertTrue(rs.next());
            }
        }
    }
}
