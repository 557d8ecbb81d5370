package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.load.TestDb;

/** Which transport a database gets: a socket file only when it provably leads to the URL's server. */
class DbTransportTest {
    @TempDir
    Path dir;

    private static DatabaseConfig config(String... sets) {
        return TestDb.config("transport", sets).database();
    }

    @Test
    void choose_transportTcp_tcpWithoutLookingForASocket() {
        List<Path> dialed = new ArrayList<>();
        DbTransport t = DbTransport.choose(config("database.transport=tcp"), true, 5432, null, s -> {
            dialed.add(s);
            throw new SQLException("must not connect");
        });
        assertFalse(t.isUnix());
        assertEquals("tcp (database.transport=tcp)", t.description());
        assertTrue(dialed.isEmpty());
    }

    @Test
    void choose_autoServerElsewhere_tcpWithReason() {
        DbTransport t = DbTransport.choose(config(), false, 5432, null, s -> {
            throw new SQLException("must not connect");
        });
        assertEquals("tcp (auto: the server is not on this machine)", t.description());
    }

    @Test
    void choose_unixWithoutSocketFile_environmentErrorNamingTheKey() {
        var e = assertThrows(
                EnvironmentException.class,
                () -> DbTransport.choose(
                        config("database.transport=unix", "database.unixSocketDir=" + dir),
                        true,
                        5432,
                        null,
                        s -> null));
        assertTrue(e.getMessage().contains("database.transport=unix"), e.getMessage());
        assertTrue(e.getMessage().contains(".s.PGSQL.5432"), e.getMessage());
    }

    @Test
    void choose_autoSocketFileOfAnotherServer_tcp() throws Exception {
        Files.createFile(dir.resolve(".s.PGSQL.5432"));
        DbTransport t = DbTransport.choose(
                config("database.unixSocketDir=" + dir),
                true,
                5432,
                null,
                s -> s == null ? "2026-11-23 06:00 port 5432" : "2026-11-20 09:00 port 5432");
        assertFalse(t.isUnix());
        assertTrue(t.description().contains("another server"), t.description());
    }

    @Test
    void choose_autoSocketFileOfTheSameServer_unix() throws Exception {
        Path socket = Files.createFile(dir.resolve(".s.PGSQL.6543"));
        DbTransport t = DbTransport.choose(
                config("database.unixSocketDir=" + dir), true, 6543, null, s -> "2026-11-23 06:00 port 6543");
        assertTrue(t.isUnix());
        assertEquals(socket, t.unixSocket());
        assertEquals("unix-domain socket " + socket, t.description());
        assertEquals(socket.toString(), t.connectionProperties().get(UnixSocketFactory.PATH_PROPERTY));
    }

    @Test
    void choose_autoSocketRefusesLogin_tcpWithReason() throws Exception {
        Files.createFile(dir.resolve(".s.PGSQL.5432"));
        DbTransport t = DbTransport.choose(config("database.unixSocketDir=" + dir), true, 5432, null, s -> {
            if (s != null) {
                throw new SQLException("FATAL: Peer authentication failed for user \"bench\"", "28000");
            }
            return "2026-11-23 06:00 port 5432";
        });
        assertNull(t.unixSocket());
        assertTrue(t.description().contains("Peer authentication failed"), t.description());
    }

    @Test
    void embeddedSocketDir_pathTooLongForSockaddr_none() {
        assertEquals(dir.toAbsolutePath(), DbTransport.embeddedSocketDir(dir, 54329));
        assertNull(DbTransport.embeddedSocketDir(dir.resolve("x".repeat(120)), 54329));
    }

    /** The real identity query, over TCP and through the server's own socket file, answers the same. */
    @Test
    void identity_sameServerBothWays_equal() throws Exception {
        try (Database db = TestDb.open(TestDb.config("transport", "database.transport=unix"))) {
            assertTrue(db.transport().isUnix(), db.transport().description());
            var url = TestDb.url();
            var p = new Properties();
            p.setProperty("user", db.config().user());
            String viaTcp;
            try (Connection c = DriverManager.getConnection(url, p);
                    var st = c.createStatement();
                    var rs = st.executeQuery(DbTransport.IDENTITY_SQL)) {
                rs.next();
                viaTcp = rs.getString(1);
            }
            db.transport().connectionProperties().forEach(p::setProperty);
            try (Connection c = DriverManager.getConnection(url, p);
                    var st = c.createStatement();
                    var rs = st.executeQuery(DbTransport.IDENTITY_SQL + ", inet_server_addr() IS NULL")) {
                rs.next();
                assertEquals(viaTcp, rs.getString(1));
                assertTrue(rs.getBoolean(2), "the second connection went through the socket file");
            }
        }
    }
}
