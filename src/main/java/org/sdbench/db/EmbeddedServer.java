package org.sdbench.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A real PostgreSQL 17 started from the Maven-packaged binaries, with its data directory kept
 * between runs so that {@code load} and {@code run} share the data.
 */
final class EmbeddedServer implements AutoCloseable {
    static final String DATABASE = "sdbench";

    private final EmbeddedPostgres pg;
    private final Path dataDir;
    private final String password;

    private EmbeddedServer(EmbeddedPostgres pg, Path dataDir, String password) {
        this.pg = pg;
        this.dataDir = dataDir;
        this.password = password;
    }

    static EmbeddedServer start(Path dataDir, int port) {
        try {
            Files.createDirectories(dataDir.getParent());
            EmbeddedAuth auth = new EmbeddedAuth(dataDir);
            if (!auth.secured()) {
                try (EmbeddedPostgres trusting = builder(dataDir, port).start()) {
                    auth.secure(trusting);
                }
            }
            EmbeddedPostgres pg = auth.apply(builder(dataDir, port)).start();
            EmbeddedServer server = new EmbeddedServer(pg, dataDir, auth.password());
            server.createDatabase();
            return server;
        } catch (IOException | RuntimeException e) {
            throw new EnvironmentException("cannot start the embedded PostgreSQL in " + dataDir + " on port " + port
                    + " (" + rootCause(e) + "); free the port (database.embeddedPort), remove a stale data directory, "
                    + "or use an existing server: --set database.kind=postgresql --set database.url=jdbc:postgresql://HOST:5432/DB");
        }
    }

    private static EmbeddedPostgres.Builder builder(Path dataDir, int port) {
        Path log = dataDir.resolveSibling(dataDir.getFileName() + ".log");
        return EmbeddedPostgres.builder()
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(false)
                    .setPort(port)
                    .setPGStartupWait(java.time.Duration.ofSeconds(60))
                    // Sized for a benchmark rather than a unit test: more connections and a larger cache.
                    .setServerConfig("max_connections", "300")
                    // The library turns synchronous_commit off for unit-test speed; a benchmark must
                    // measure durable commits unless the user asks otherwise.
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("shared_buffers", "256MB")
                    .setServerConfig("max_wal_size", "2GB")
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setOutputRedirector(java.lang.ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .setErrorRedirector(java.lang.ProcessBuilder.Redirect.appendTo(log.toFile()));
    }

    private void createDatabase() throws IOException {
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'");
            if (!rs.next()) {
                s.execute("CREATE DATABASE " + DATABASE);
            }
        } catch (SQLException e) {
            throw new IOException("creating database " + DATABASE + ": " + e.getMessage(), e);
        }
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/" + DATABASE;
    }

    /** The superuser password every connection must give (see {@link EmbeddedAuth}). */
    String password() {
        return password;
    }

    String user() {
        return EmbeddedAuth.USER;
    }

    Path dataDir() {
        return dataDir;
    }

    @Override
    public void close() {
        try {
            pg.close();
        } catch (IOException e) {
            throw new EnvironmentException("embedded PostgreSQL did not stop cleanly: " + e.getMessage(), e);
        }
    }

    private static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
