package org.sdbench.study.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The CPU time of one process or thread from a Linux {@code /proc/.../stat} line. Reading /proc
 * rather than asking the JVM lets the bench see the PostgreSQL processes and the JVM's own GC and
 * JIT threads, which no Java API reports.
 */
public record ProcStat(String name, long ticks) {

    /**
     * Clock ticks per second of /proc times. Linux exports USER_HZ = 100 to user space on every
     * mainstream architecture regardless of the kernel's internal tick rate.
     */
    public static final long TICKS_PER_SECOND = 100;

    public static long ticksToNanos(long ticks) {
        return ticks * (1_000_000_000L / TICKS_PER_SECOND);
    }

    /**
     * Parses a stat line. The name (field 2) is in parentheses and may itself contain spaces and
     * parentheses, so the fields after it are found from the last ')'; utime and stime are fields
     * 14 and 15.
     */
    public static ProcStat parse(String line) {
        int open = line.indexOf('(');
        int close = line.lastIndexOf(')');
        if (open < 0 || close < open) {
            throw new IllegalArgumentException("not a /proc stat line: " + line);
        }
        String[] rest = line.substring(close + 2).trim().split("\\s+");
        // rest[0] is field 3 (state), so field n is rest[n - 3].
        if (rest.length < 13) {
            throw new IllegalArgumentException("/proc stat line too short: " + line);
        }
        long utime = Long.parseLong(rest[11]);
        long stime = Long.parseLong(rest[12]);
        return new ProcStat(line.substring(open + 1, close), utime + stime);
    }

    /** The stat of {@code file}, or empty when the process or thread is gone (or /proc is absent). */
    public static Optional<ProcStat> read(Path file) {
        try {
            return Optional.of(parse(Files.readString(file)));
        } catch (IOException | IllegalArgumentException e) {
            // Processes and threads come and go between listing and reading: that one simply ended.
            return Optional.empty();
        }
    }
}
