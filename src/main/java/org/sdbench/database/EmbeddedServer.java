package org.sdbench.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.sdbench.core.EnvironmentException;

/**
 * A real PostgreSQL 17 started from the Maven-packaged binaries, with its data directory kept
 * between runs so that {@code load} and {@code run} share the data.
 */
final class EmbeddedServer implements AutoCloseable {
    static final String DATABASE = "sdbench";

    /** How long a start may take: one after a crash replays the WAL first. */
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);

    /** How long JVM shutdown waits for each gate before stopping the server anyway. */
    private static final long GATE_BOUND_SECONDS = 90;

    private final EmbeddedPostgres pg;
    private final Path dataDir;
    private final String password;
    private final List<CountDownLatch> gates = new CopyOnWriteArrayList<>();
    private final Thread hook;

    private EmbeddedServer(EmbeddedPostgres pg, Path dataDir, String password) {
        this.pg = pg;
        this.dataDir = dataDir;
        this.password = password;
        this.hook = new Thread(this::stopAtShutdown, "sdbench-embedded-pg-stop");
    }

    /**
     * At JVM shutdown (Ctrl-C), the server stops only after {@code gate} opened (or a bound
     * passed), so a run can still read its last figures and write its folder. Returns what
     * removes the gate.
     */
    Runnable stopAfter(CountDownLatch gate) {
        gates.add(gate);
        return () -> gates.remove(gate);
    }

    private void stopAtShutdown() {
        try {
            for (CountDownLatch g : gates) {
                if (!g.await(GATE_BOUND_SECONDS, TimeUnit.SECONDS)) {
                    System.err.println(
                            "sdbench: stopping the embedded PostgreSQL although a run has not finished writing");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            pg.close();
        } catch (IOException e) {
            System.err.println("sdbench: embedded PostgreSQL did not stop cleanly: " + e.getMessage());
        }
    }

    /** {@code port} 0: the data directory's own port ({@link EmbeddedPort}). */
    static EmbeddedServer start(Path dataDir, int port) {
        return start(dataDir, port, Map.of());
    }

    /**
     * Starts the server with {@code settings} as start-up options on top of its own: start-up options
     * take precedence over postgresql.conf and ALTER SYSTEM, so this is how an experiment varies any
     * setting of the embedded server, those that need a restart included. Nothing of them is persisted.
     */
    static EmbeddedServer start(Path dataDir, int configuredPort, Map<String, String> settings) {
        StartLog log = StartLog.of(logFile(dataDir));
        int port;
        try {
            Files.createDirectories(dataDir.getParent());
            port = EmbeddedPort.of(dataDir, configuredPort);
        } catch (IOException e) {
            throw new EnvironmentException("cannot pick a port for the embedded PostgreSQL of " + dataDir + " ("
                    + rootCause(e) + "): make its folder writable, or set database.embeddedPort");
        }
        EmbeddedPort.requireFree(dataDir, port, configuredPort > 0);
        try {
            EmbeddedAuth auth = new EmbeddedAuth(dataDir);
            if (!auth.secured()) {
                try (EmbeddedPostgres trusting = watched(builder(dataDir, port), dataDir)) {
                    auth.secure(trusting);
                }
            }
            EmbeddedPostgres.Builder b = auth.apply(builder(dataDir, port));
            settings.forEach(b::setServerConfig);
            EmbeddedPostgres pg = watched(b, dataDir);
            EmbeddedServer server = new EmbeddedServer(pg, dataDir, auth.password());
            Runtime.getRuntime().addShutdownHook(server.hook);
            server.createDatabase();
            return server;
        } catch (IOException | RuntimeException e) {
            throw new EnvironmentException("cannot start the embedded PostgreSQL in " + dataDir + " on port " + port
                    + " (" + log.fatal().orElse(rootCause(e)) + "); " + log.advice(dataDir, settings)
                    + "; or use an existing server: --set database.kind=postgresql --set "
                    + "database.url=jdbc:postgresql://HOST:5432/DB");
        }
    }

    /**
     * {@code b.start()}, given up as soon as the server it starts has ended: the library would wait
     * its whole start-up wait for a server that failed in its first second (a setting the host
     * cannot give, say).
     */
    private static EmbeddedPostgres watched(EmbeddedPostgres.Builder b, Path dataDir) throws IOException {
        // This start's lines only: a FATAL line of an earlier start (or of the trusting one before) is not this one's.
        StartLog log = StartLog.of(logFile(dataDir));
        CompletableFuture<EmbeddedPostgres> started = new CompletableFuture<>();
        Thread starting = Thread.ofVirtual().name("embedded-pg-start").start(() -> {
            try {
                started.complete(b.start());
            } catch (Throwable e) {
                started.completeExceptionally(e);
            }
        });
        // The library's own wait bounds this one; the margin covers its last connection attempt.
        long deadline = System.nanoTime() + STARTUP_WAIT.plusSeconds(30).toNanos();
        try {
            while (true) {
                try {
                    return started.get(250, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    boolean ended = log.serverEnded(dataDir);
                    if (ended || System.nanoTime() > deadline) {
                        abandon(starting, started);
                        throw new IOException(
                                ended
                                        ? "the server ended while it started"
                                        : "the server did not start within " + STARTUP_WAIT.toSeconds() + " s");
                    }
                } catch (ExecutionException e) {
                    switch (e.getCause()) {
                        case IOException io -> throw io;
                        case RuntimeException r -> throw r;
                        case Error err -> throw err;
                        default -> throw new IOException(e.getCause());
                    }
                }
            }
        } catch (InterruptedException e) {
            abandon(starting, started);
            Thread.currentThread().interrupt();
            throw new EnvironmentException("interrupted while the embedded PostgreSQL in " + dataDir + " started");
        }
    }

    /**
     * Ends the library's wait (an interrupt ends it at once) and closes what it returns: that releases
     * its lock on the data directory, which a later start in this process needs.
     */
    private static void abandon(Thread starting, CompletableFuture<EmbeddedPostgres> started) {
        starting.interrupt();
        try {
            started.get(10, TimeUnit.SECONDS).close();
        } catch (ExecutionException | TimeoutException | IOException e) {
            // Failed or still waiting: it holds nothing a later start could use.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Path logFile(Path dataDir) {
        return dataDir.resolveSibling(dataDir.getFileName() + ".log");
    }

    private static EmbeddedPostgres.Builder builder(Path dataDir, int port) {
        Path log = logFile(dataDir);
        return EmbeddedPostgres.builder()
                .setDataDirectory(dataDir)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setPGStartupWait(STARTUP_WAIT)
                // The library's own hook would stop the server while a run interrupted by Ctrl-C
                // still writes its results: ours waits for registered gates first (see stopAfter).
                .setRegisterShutdownHook(false)
                // Sized for a benchmark rather than a unit test: more connections and a larger cache.
                .setServerConfig("max_connections", "300")
                // The library turns synchronous_commit off for unit-test speed; a benchmark must
                // measure durable commits unless the user asks otherwise.
                .setServerConfig("synchronous_commit", "on")
                // and it starts the server with fsync off (pg_ctl's -F): commits would be durable in name only.
                .setServerConfig("fsync", "on")
                .setServerConfig("full_page_writes", "on")
                // Per-statement figures from the first run on (experiments compare them run by run).
                .setServerConfig("shared_preload_libraries", "pg_stat_statements")
                // Read time per block read: whether the OS page cache or the disk supplied a missed block.
                .setServerConfig("track_io_timing", "on")
                .setServerConfig("shared_buffers", "256MB")
                .setServerConfig("max_wal_size", "2GB")
                .setServerConfig("listen_addresses", "127.0.0.1")
                // Its socket file in the data directory, which only its owner may enter: work processes
                // connect through it (see DbTransport); scram-sha-256 is asked there as well.
                .setServerConfig("unix_socket_directories", socketDirSetting(dataDir, port))
                .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()));
    }

    private static String socketDirSetting(Path dataDir, int port) {
        Path dir = DbTransport.embeddedSocketDir(dataDir, port);
        // Too long a path for a socket: none at all rather than the shared /tmp, and TCP for every connection.
        return dir == null ? "" : dir.toString();
    }

    /** Where the server's Unix-domain socket file is, or null when it has none. */
    Path socketDir() {
        return DbTransport.embeddedSocketDir(dataDir, pg.getPort());
    }

    private void createDatabase() throws IOException {
        try (Connection c = pg.getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'");
            if (!rs.next()) {
                s.execute("CREATE DATABASE " + DATABASE);
            }
        } catch (SQLException e) {
            throw new IOException("creating database " + DATABASE + ": " + e.getMessage(), e);
        }
        try (Connection c = pg.getDatabase(EmbeddedAuth.USER, DATABASE).getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        } catch (SQLException e) {
            throw new IOException("creating extension pg_stat_statements in " + DATABASE + ": " + e.getMessage(), e);
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
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Already in shutdown: the hook runs (or ran) and stops the server after the gates; closing twice is
            // harmless.
        }
        try {
            pg.close();
        } catch (IOException e) {
            throw new EnvironmentException("embedded PostgreSQL did not stop cleanly: " + e.getMessage(), e);
        }
    }

    /** The first line of the innermost cause's message, for one-line error messages. */
    static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
