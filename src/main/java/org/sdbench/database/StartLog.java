package org.sdbench.database;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the embedded server's log says about a start that failed: the lines it wrote since the
 * start began (the log is appended to by every start), its FATAL line, and the advice that fits it.
 * Removing the data directory loses the loaded data, so it is advised only when the log says the
 * data directory is the problem.
 */
final class StartLog {
    /** How much of the start's log is read: its FATAL line is near the end. */
    private static final int TAIL = 64 * 1024;

    private final Path file;
    private final long from;

    private StartLog(Path file, long from) {
        this.file = file;
        this.from = from;
    }

    /** Marks where a start begins in {@code file} (which may not exist yet). */
    static StartLog of(Path file) {
        long size;
        try {
            size = Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            size = 0;
        }
        return new StartLog(file, size);
    }

    /** The start's last FATAL (or PANIC) line, without the log's prefix. */
    Optional<String> fatal() {
        List<String> lines = lines();
        for (int i = lines.size() - 1; i >= 0; i--) {
            String l = lines.get(i);
            int at = Math.max(l.indexOf("FATAL:"), l.indexOf("PANIC:"));
            if (at >= 0) {
                return Optional.of(l.substring(at).strip());
            }
        }
        return Optional.empty();
    }

    /**
     * True when the server this start began has ended: its log has a FATAL (or PANIC) line that is
     * not a client told the server is still starting, and its lock file is gone. A server that fails
     * to start writes its reason and removes postmaster.pid as it exits.
     */
    boolean serverEnded(Path dataDir) {
        return fatal().filter(f -> !f.contains("is starting up") && !f.contains("not yet accepting connections"))
                        .isPresent()
                && !Files.exists(dataDir.resolve("postmaster.pid"));
    }

    /** What to do about the failure, from the FATAL line (the log's path where it says nothing known). */
    String advice(Path dataDir, Map<String, String> settings) {
        String f = fatal().orElse("").toLowerCase(Locale.ROOT);
        if (f.contains("address already in use") || f.contains("could not create any tcp/ip sockets")) {
            return "another process uses the port: free it or choose another (database.embeddedPort)";
        }
        if (f.contains("lock file") && f.contains("already exists")) {
            return "another server may be running on " + dataDir
                    + ": stop it, or remove its postmaster.pid if none runs";
        }
        if (f.contains("incompatible with server")
                || f.contains("is not a valid data directory")
                || f.contains("could not open file \"global/pg_control\"")
                || f.contains("database system was shut down") && f.contains("invalid")
                || f.contains("could not locate a valid checkpoint record")) {
            return "the data directory cannot be used by this server: remove " + dataDir
                    + " and load the data again (sdbench load)";
        }
        if (!settings.isEmpty()
                && (f.contains("shared memory")
                        || f.contains("huge pages")
                        || f.contains("invalid value for parameter")
                        || f.contains("configuration file"))) {
            return "the server does not start with the settings it was given " + settings
                    + ": choose values this host supports";
        }
        return "its log says more: " + file;
    }

    private List<String> lines() {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long start = Math.max(from, f.length() - TAIL);
            if (f.length() < start) {
                start = 0;
            }
            byte[] b = new byte[(int) (f.length() - start)];
            f.seek(start);
            f.readFully(b);
            return new String(b, StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
