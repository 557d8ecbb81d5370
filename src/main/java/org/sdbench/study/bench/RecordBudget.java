package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;

/**
 * How long the recorded run of a replay may be. The replay's order holds about two advisory locks per
 * saved update request from its start ({@code ReplayOrder}), and the server's shared lock table is
 * sized for {@link Pgbench#lockRoom}; the measured run's rate tells how many steps a window records,
 * its ramp-up included. A window that would not fit is shortened, and the replay says so.
 */
final class RecordBudget {
    /** Locks held per recorded step: two per saved request, four saves in a loop of 15 steps (0.53), and a margin. */
    static final double LOCKS_PER_STEP = 0.6;
    /** The share of the lock table the order may take: the rest is for the replay's sessions' own locks. */
    static final double SHARE = 0.75;

    private RecordBudget() {}

    /** {@code asked}, or the longest shorter window (at least 1 s) whose steps' locks fit in {@code lockRoom}. */
    static Duration window(Duration asked, Duration rampUp, double stepsPerSecond, long lockRoom) {
        double steps = lockRoom * SHARE / LOCKS_PER_STEP;
        // The ramp-down's second records too.
        double seconds = steps / Math.max(1, stepsPerSecond) - rampUp.toMillis() / 1000.0 - 1;
        Duration fits = Duration.ofMillis((long) (Math.max(1, seconds) * 1000));
        return fits.compareTo(asked) < 0 ? fits : asked;
    }

    /** The window the recorded run gets on {@code db}, printed when it is shorter than asked. */
    static Duration window(Database db, Duration asked, Duration rampUp, BenchResult measured, PrintWriter out) {
        long room;
        try (Connection c = db.connect()) {
            room = Pgbench.lockRoom(c);
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "reading the lock table's size of " + db.describe() + " failed: " + e.getMessage());
        }
        Duration w = window(asked, rampUp, measured.stepsPerSecond(), room);
        if (w.compareTo(asked) < 0) {
            out.printf(
                    Locale.ROOT,
                    "recorded run          window %.1f s instead of %d s: at %,.0f steps/s its replay's order (about "
                            + "two locks per saved request) must fit the server's lock table (%,d locks: "
                            + "max_locks_per_transaction per server process)%n",
                    w.toMillis() / 1000.0,
                    asked.toSeconds(),
                    measured.stepsPerSecond(),
                    room);
        }
        return w;
    }
}
