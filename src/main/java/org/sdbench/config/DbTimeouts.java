package org.sdbench.config;

import java.time.Duration;

/**
 * Bounds on every wait for the database, so that a stalled or vanished server gives counted
 * timeouts and, past {@link #maxOutage}, a clean end of the run instead of a hang. The defaults
 * are far above anything a healthy benchmark sees: reaching one means the database is in trouble.
 *
 * @param connect           opening a connection: TCP connect plus log-in, and the pool's wait for one
 * @param socket            any single read from the server (pgjdbc socketTimeout); above statement
 * @param statement         one statement of a run's work process (statement_timeout)
 * @param lock              one row- or table-lock wait of a run's work process (lock_timeout)
 * @param idleInTransaction a run's session idle inside an open transaction (idle_in_transaction_session_timeout)
 * @param maxOutage         how long a work process keeps trying to reconnect before the run ends with exit 3
 */
public record DbTimeouts(
        Duration connect,
        Duration socket,
        Duration statement,
        Duration lock,
        Duration idleInTransaction,
        Duration maxOutage) {

    public DbTimeouts {
        requireSeconds("database.timeouts.connect", connect);
        requireSeconds("database.timeouts.socket", socket);
        requireMillis("database.timeouts.statement", statement);
        requireMillis("database.timeouts.lock", lock);
        requireMillis("database.timeouts.idleInTransaction", idleInTransaction);
        requireMillis("database.timeouts.maxOutage", maxOutage);
        // The server should cancel a slow statement (a clean SQL error) before the client gives up
        // on the socket (a broken connection that must be replaced).
        ConfigException.require(
                socket.compareTo(statement) > 0,
                "database.timeouts.socket",
                Durations.format(socket),
                "a duration longer than database.timeouts.statement (" + Durations.format(statement) + ")");
    }

    private static void requireSeconds(String key, Duration d) {
        // pgjdbc takes these in whole seconds.
        Durations.within(key, d, Duration.ofSeconds(1), Durations.MAX);
    }

    private static void requireMillis(String key, Duration d) {
        Durations.within(key, d, Duration.ofMillis(1), Durations.MAX);
    }
}
