package org.sdbench.study.experiment;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;

/**
 * Restarts an external server with the command the user named (sdbench cannot restart a server it
 * did not start), then waits, bounded, until it accepts connections again.
 */
final class ServerRestart {
    /** A restart command that has not returned by then is a failed restart. */
    static final Duration RESTART_BOUND = Duration.ofMinutes(5);
    /** How long the server may take to accept connections after the restart command returned. */
    static final Duration RECONNECT_BOUND = Duration.ofSeconds(60);

    private final DatabaseConfig config;
    private final String command;

    ServerRestart(DatabaseConfig config, String command) {
        this.config = config;
        this.command = command;
    }

    String command() {
        return command;
    }

    /** Runs the command; throws when it fails or does not return in time, then the server may be down. */
    Database restart() throws InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new EnvironmentException("--db-restart-command could not be started (" + e.getMessage() + ")");
        }
        if (!p.waitFor(RESTART_BOUND.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new EnvironmentException("--db-restart-command did not return within " + RESTART_BOUND.toMinutes()
                    + " minutes: the server's state is unknown, check it before the next experiment");
        }
        if (p.exitValue() != 0) {
            throw new EnvironmentException("--db-restart-command exited with " + p.exitValue()
                    + ": run it by hand to see why; the server may be down");
        }
        return reconnect();
    }

    /** A new connection pool once the server accepts connections, waiting at most {@link #RECONNECT_BOUND}. */
    Database reconnect() throws InterruptedException {
        long deadline = System.nanoTime() + RECONNECT_BOUND.toNanos();
        while (true) {
            try {
                return Database.open(config, false);
            } catch (EnvironmentException e) {
                if (System.nanoTime() > deadline) {
                    throw new EnvironmentException("the server did not accept connections within "
                            + RECONNECT_BOUND.toSeconds() + " s of --db-restart-command: " + e.getMessage());
                }
                Thread.sleep(1000);
            }
        }
    }
}
