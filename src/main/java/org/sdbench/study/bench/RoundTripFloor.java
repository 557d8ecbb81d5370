package org.sdbench.study.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.Dialect;

/**
 * The least CPU a JDBC client of this JVM pays for one round trip to the database on this host: a
 * prepared {@code SELECT 1} ({@link org.sdbench.database.Dialect#emptyQuery()}) in a loop on as many
 * platform threads as the run has work processes, through a pool and transport made as theirs are.
 * What is left of it is the system calls of a blocking round trip (a write that wakes the backend, a
 * read that waits for it) and pgjdbc's smallest execution; no SD statement costs the client less
 * than its share of a round trip, so the per-statement figure is read against it. The database's CPU
 * for the same round trips is measured with it.
 */
final class RoundTripFloor {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Beyond the window, how long the threads may take to finish their last round trip and close. */
    private static final Duration JOIN_GRACE = Duration.ofSeconds(30);

    private static final int NO_PARAMETER = -1;
    /** Rows of the probe that sizes the loaded floor's query: tens of microseconds of server CPU here. */
    private static final int PROBE_ROWS = 1_000;

    private static final Duration PROBE_WARM_UP = Duration.ofSeconds(1);
    private static final Duration PROBE_WINDOW = Duration.ofSeconds(2);
    /** Probes at the sized row count, each resizing it, until the server's CPU lands within {@link #TOLERANCE}. */
    private static final int REFINEMENTS = 2;

    private static final double TOLERANCE = 0.15;
    /** Bounds the query whatever the probe read: under a second of server CPU at the 40-60 ns per row seen so far. */
    private static final int MAX_ROWS = 10_000_000;

    /**
     * @param roundTrips round trips completed inside the window, all threads
     * @param clientNanos CPU of the looping threads inside the window (their own, from the JDK)
     * @param dbBackendNanos CPU of the benchmark database's backends over the window
     */
    record Result(int threads, double seconds, long roundTrips, long clientNanos, long dbBackendNanos) {
        Result {
            if (threads < 1 || roundTrips < 0 || clientNanos < 0 || dbBackendNanos < 0) {
                throw new IllegalArgumentException("round-trip floor: threads " + threads + ", round trips "
                        + roundTrips + ", client " + clientNanos + " ns, database " + dbBackendNanos
                        + " ns: must be >= 1, >= 0, >= 0, >= 0");
            }
        }

        double roundTripsPerSecond() {
            return seconds <= 0 ? 0 : roundTrips / seconds;
        }

        /** NaN when no round trip finished in the window. */
        double clientMicrosPerRoundTrip() {
            return roundTrips == 0 ? Double.NaN : clientNanos / 1e3 / roundTrips;
        }

        double dbMicrosPerRoundTrip() {
            return roundTrips == 0 ? Double.NaN : dbBackendNanos / 1e3 / roundTrips;
        }
    }

    private RoundTripFloor() {}

    /**
     * Loops for {@code warmUp} (compiling pgjdbc's path, preparing the statement server-side), then
     * measures {@code window}. A failed connection or statement is an {@link EnvironmentException}.
     */
    static Result measure(Database db, String databaseName, int threads, Duration warmUp, Duration window)
            throws InterruptedException {
        return measure(db, databaseName, threads, warmUp, window, db.dialect().emptyQuery(), NO_PARAMETER);
    }

    /**
     * The floor again, with as much server work in each round trip as a dialog step's round trips
     * carried ({@code dbMicrosPerRoundTrip}, measured in the rounds): {@link Dialect#serverWorkQuery()}
     * with its row count set from a short probe. The empty round trip flatters the client: while the
     * backend works, the other vCPU runs the backend instead of a client, so a client's system calls
     * find colder caches and more often wake a thread on a busy or halted vCPU. pgbench's cost per round
     * trip rises the same way (bench/pgbench-floor.sh ROWS).
     *
     * @param empty the empty floor, for the server's fixed cost of a round trip
     * @return empty when the database's CPU cannot be read here (a server on another host), or the probe
     *         showed no server work to size the query by
     */
    static Optional<Loaded> measureWithServerWork(
            Database db,
            String databaseName,
            int threads,
            Duration warmUp,
            Duration window,
            Result empty,
            double dbMicrosPerRoundTrip)
            throws InterruptedException {
        if (!(dbMicrosPerRoundTrip > 0) || !(empty.dbMicrosPerRoundTrip() > 0)) {
            return Optional.empty();
        }
        String sql = db.dialect().serverWorkQuery();
        Result probe = measure(db, databaseName, threads, PROBE_WARM_UP, PROBE_WINDOW, sql, PROBE_ROWS);
        int n = resize(PROBE_ROWS, probe, empty, dbMicrosPerRoundTrip);
        if (n < 1) {
            return Optional.empty();
        }
        // A 2 s probe read in 10 ms ticks is coarse, and the server's cost per row need not be flat in the
        // row count (Dialect#serverWorkQuery), so the size is checked where it landed.
        for (int i = 0; i < REFINEMENTS; i++) {
            Result check = measure(db, databaseName, threads, PROBE_WARM_UP, PROBE_WINDOW, sql, n);
            if (Math.abs(check.dbMicrosPerRoundTrip() - dbMicrosPerRoundTrip) <= TOLERANCE * dbMicrosPerRoundTrip) {
                break;
            }
            int next = resize(n, check, empty, dbMicrosPerRoundTrip);
            if (next < 1 || next == n) {
                break;
            }
            n = next;
        }
        return Optional.of(new Loaded(n, measure(db, databaseName, threads, warmUp, window, sql, n)));
    }

    /**
     * The row count that brings the server's CPU per round trip to {@code target}, read from a loop
     * of {@code rows} rows; 0 when that loop showed no server work beyond the empty round trip.
     */
    static int resize(int rows, Result at, Result empty, double target) {
        double perRow = (at.dbMicrosPerRoundTrip() - empty.dbMicrosPerRoundTrip()) / rows;
        if (!(perRow > 0)) {
            return 0;
        }
        long n = Math.round((target - empty.dbMicrosPerRoundTrip()) / perRow);
        return (int) Math.max(1, Math.min(MAX_ROWS, n));
    }

    /** A floor measured with {@code rows} of {@link Dialect#serverWorkQuery()} per round trip. */
    record Loaded(int rows, Result result) {}

    private static Result measure(
            Database db, String databaseName, int threads, Duration warmUp, Duration window, String sql, int parameter)
            throws InterruptedException {
        if (!THREADS.isCurrentThreadCpuTimeSupported()) {
            throw new EnvironmentException("round-trip floor: this JVM cannot read a thread's CPU time");
        }
        Clock clock = Clock.SYSTEM;
        long start = clock.nanoTime() + warmUp.toNanos();
        long end = start + window.toNanos();
        Share[] shares = new Share[threads];
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (var pool = db.pool("round-trip-floor", threads)) {
            List<Thread> loops = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                int me = i;
                loops.add(Thread.ofPlatform().name("floor-" + i).daemon(true).start(() -> {
                    try (Connection c = pool.getConnection()) {
                        // As a work process reads: in autocommit, one round trip per statement, no BEGIN.
                        c.setAutoCommit(true);
                        try (PreparedStatement ps = c.prepareStatement(sql)) {
                            if (parameter != NO_PARAMETER) {
                                ps.setInt(1, parameter);
                            }
                            shares[me] = loop(ps, clock, start, end);
                        }
                    } catch (SQLException | RuntimeException e) {
                        failure.compareAndSet(null, e);
                    }
                }));
            }
            CpuSnapshot a;
            CpuSnapshot b;
            try {
                clock.sleepUntil(start);
                a = CpuSnapshot.take(databaseName);
                clock.sleepUntil(end);
                b = CpuSnapshot.take(databaseName);
            } catch (InterruptedException e) {
                // Ctrl-C: the loops stop with us (an interrupted channel read closes its socket).
                loops.forEach(Thread::interrupt);
                throw e;
            }
            long deadline = end + JOIN_GRACE.toNanos();
            for (Thread t : loops) {
                long left = deadline - clock.nanoTime();
                if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                    loops.forEach(Thread::interrupt);
                    throw new EnvironmentException("round-trip floor: a query did not return within "
                            + JOIN_GRACE.toSeconds() + " s of the window's end (database.timeouts.socket bounds it)");
                }
            }
            if (failure.get() != null) {
                throw new EnvironmentException(
                        "round-trip floor: " + failure.get().getMessage());
            }
            if (Arrays.asList(shares).contains(null)) {
                throw new IllegalStateException("round-trip floor: a loop thread ended without its result");
            }
            long client = 0;
            long count = 0;
            for (Share sh : shares) {
                client += sh.cpuNanos();
                count += sh.roundTrips();
            }
            CpuWindow w = CpuWindow.between(a, b);
            return new Result(threads, w.seconds(), count, client, w.dbBackendNanos());
        }
    }

    /** One thread's CPU and round trips inside the window. */
    private record Share(long cpuNanos, long roundTrips) {}

    /** Round trips until {@code end}; returns this thread's CPU and the round trips between start and end. */
    private static Share loop(PreparedStatement ps, Clock clock, long start, long end) throws SQLException {
        long cpuAtStart = -1;
        long tripsAtStart = 0;
        long trips = 0;
        while (true) {
            long now = clock.nanoTime();
            if (cpuAtStart < 0 && now - start >= 0) {
                cpuAtStart = THREADS.getCurrentThreadCpuTime();
                tripsAtStart = trips;
            }
            if (now - end >= 0 || Thread.currentThread().isInterrupted()) {
                long cpu = cpuAtStart < 0 ? 0 : THREADS.getCurrentThreadCpuTime() - cpuAtStart;
                return new Share(cpu, cpuAtStart < 0 ? 0 : trips - tripsAtStart);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
            }
            trips++;
        }
    }
}
