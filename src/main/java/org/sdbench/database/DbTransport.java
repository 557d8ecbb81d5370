package org.sdbench.database;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.DbKind;
import org.sdbench.core.EnvironmentException;

/**
 * How the work processes' connections reach the database, decided once when it opens: a Unix-domain
 * socket for a PostgreSQL server on this machine (half the kernel's work per round trip on loopback
 * TCP), else TCP. The socket file is used only once a connection through it reached the very server
 * the URL names (same port and postmaster start time), since another server could own the path.
 *
 * @param unixSocket the socket file, or null for TCP
 * @param description what environment.json records, with the reason when TCP was chosen under auto
 */
public record DbTransport(Path unixSocket, String description) {
    /** Unix-domain socket paths longer than this do not fit the kernel's sockaddr_un. */
    static final int MAX_SOCKET_PATH_BYTES = 107;

    private static final List<Path> STANDARD_DIRS = List.of(Path.of("/var/run/postgresql"), Path.of("/tmp"));
    /** What tells two servers apart: one postmaster's start time and port. */
    static final String IDENTITY_SQL = "SELECT pg_postmaster_start_time()::text || ' port ' || current_setting('port')";

    /** The answer of {@link #IDENTITY_SQL} on a new connection: over TCP, or through the given socket file. */
    interface Identity {
        String of(Path unixSocketOrNull) throws SQLException;
    }

    static DbTransport tcp(String why) {
        return new DbTransport(null, why.isEmpty() ? "tcp" : "tcp (" + why + ")");
    }

    public boolean isUnix() {
        return unixSocket != null;
    }

    /** Connection properties that route pgjdbc through the socket file; none for TCP. */
    Map<String, String> connectionProperties() {
        return isUnix()
                ? Map.of(
                        "socketFactory",
                        UnixSocketFactory.class.getName(),
                        UnixSocketFactory.PATH_PROPERTY,
                        unixSocket.toString())
                : Map.of();
    }

    /**
     * Chooses per {@code database.transport}.
     *
     * @param local whether the URL names only this machine (or the server is embedded)
     * @param port the server's port, which names its socket file
     * @param ownDir the embedded server's socket directory, or null
     * @param identity asks the server who it is, over TCP and through a socket file
     */
    static DbTransport choose(DatabaseConfig config, boolean local, int port, Path ownDir, Identity identity) {
        String mode = config.transport();
        if (mode.equals("tcp")) {
            return tcp("database.transport=tcp");
        }
        if (config.kind() == DbKind.DB2) {
            return tcp("");
        }
        if (!local) {
            return fail(mode, "the server is not on this machine");
        }
        List<Path> dirs = new ArrayList<>();
        if (!config.unixSocketDir().isEmpty()) {
            dirs.add(Path.of(config.unixSocketDir()));
        } else if (ownDir != null) {
            dirs.add(ownDir);
        } else {
            dirs.addAll(STANDARD_DIRS);
        }
        String file = ".s.PGSQL." + port;
        Path socket = dirs.stream()
                .map(d -> d.resolve(file))
                .filter(Files::exists)
                .findFirst()
                .orElse(null);
        if (socket == null) {
            return fail(
                    mode,
                    "no " + file + " in "
                            + String.join(
                                    ", ", dirs.stream().map(Path::toString).toList()) + " (database.unixSocketDir)");
        }
        try {
            String viaTcp = identity.of(null);
            String viaSocket = identity.of(socket);
            if (!Objects.equals(viaTcp, viaSocket)) {
                return fail(
                        mode, socket + " leads to another server than the URL (" + viaSocket + " vs " + viaTcp + ")");
            }
        } catch (SQLException | RuntimeException e) {
            return fail(mode, "connecting through " + socket + " failed: " + EmbeddedServer.rootCause(e));
        }
        return new DbTransport(socket, "unix-domain socket " + socket);
    }

    private static DbTransport fail(String mode, String why) {
        if (mode.equals("unix")) {
            throw new EnvironmentException("database.transport=unix: " + why + "; set database.unixSocketDir, "
                    + "or use database.transport=auto or tcp");
        }
        return tcp("auto: " + why);
    }

    /** The embedded server's socket directory (its own data directory, private to its owner), or null when too long. */
    static Path embeddedSocketDir(Path dataDir, int port) {
        Path dir = dataDir.toAbsolutePath();
        int bytes = dir.resolve(".s.PGSQL." + port).toString().getBytes(StandardCharsets.UTF_8).length;
        return bytes <= MAX_SOCKET_PATH_BYTES ? dir : null;
    }
}
