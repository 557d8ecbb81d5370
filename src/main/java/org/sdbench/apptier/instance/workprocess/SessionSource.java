package org.sdbench.apptier.instance.workprocess;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.sdbench.core.Clock;
import org.sdbench.database.DbSession;
import org.sdbench.database.Dialect;
import org.sdbench.database.RoundTripCounter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives work processes their lifetime DB session from the instance's pool, and a fresh one when
 * the old connection broke (server restart, network): the loss is counted, never fatal. A
 * database that gives no connection for longer than {@code maxOutage} is: the first work process
 * to notice declares the outage, and from then on every open fails at once, so that nothing
 * waits for a server that is gone while the run writes what it has.
 */
public final class SessionSource {
    private static final Logger LOG = LoggerFactory.getLogger(SessionSource.class);
    private static final long FIRST_BACKOFF_NANOS = 100_000_000L;
    private static final long MAX_BACKOFF_NANOS = 5_000_000_000L;

    private final HikariDataSource pool;
    private final Dialect dialect;
    private final Clock clock;
    private final RoundTripCounter roundTrips;
    private final long maxOutageNanos;
    private final LongAdder replaced = new LongAdder();
    private final LongAdder failedOpens = new LongAdder();
    private final AtomicReference<DbOutageException> outage = new AtomicReference<>();
    private volatile Consumer<DbOutageException> onOutage = e -> {};

    public SessionSource(HikariDataSource pool, Dialect dialect, Clock clock, Duration maxOutage) {
        this(pool, dialect, clock, maxOutage, new RoundTripCounter());
    }

    /** Sessions that count their round trips in {@code roundTrips}. */
    public SessionSource(
            HikariDataSource pool, Dialect dialect, Clock clock, Duration maxOutage, RoundTripCounter roundTrips) {
        this.roundTrips = roundTrips;
        this.pool = pool;
        this.dialect = dialect;
        this.clock = clock;
        this.maxOutageNanos = Objects.requireNonNull(maxOutage, "maxOutage").toNanos();
    }

    public Dialect dialect() {
        return dialect;
    }

    public HikariDataSource pool() {
        return pool;
    }

    /** Called once, by the thread that declares the outage. */
    public void onOutage(Consumer<DbOutageException> listener) {
        this.onOutage = Objects.requireNonNull(listener, "listener");
    }

    /**
     * A session from the pool, retrying with back-off (each attempt bounded by the pool's
     * connection timeout) for at most {@code maxOutage}.
     *
     * @throws DbOutageException when the database stayed unreachable that long, or already had
     */
    public DbSession open() throws InterruptedException {
        long start = clock.nanoTime();
        long backoff = FIRST_BACKOFF_NANOS;
        boolean warned = false;
        while (true) {
            DbOutageException down = outage.get();
            if (down != null) {
                throw down;
            }
            try {
                DbSession s = new DbSession(pool.getConnection(), dialect, clock, roundTrips);
                if (warned) {
                    LOG.info(
                            "{}: database connection back after {} ms",
                            pool.getPoolName(),
                            (clock.nanoTime() - start) / 1_000_000);
                }
                return s;
            } catch (SQLException e) {
                if (pool.isClosed()) {
                    // The app tier was closed under this work process (a run that gave up on a stalled
                    // database): no connection will ever come, and nobody waits for this one; it ends.
                    throw new InterruptedException(pool.getPoolName() + " closed");
                }
                failedOpens.increment();
                long waited = clock.nanoTime() - start;
                if (waited >= maxOutageNanos) {
                    throw declare(e, waited);
                }
                if (!warned) {
                    LOG.warn(
                            "{}: no database connection ({}); retrying for up to {} s (database.timeouts.maxOutage)",
                            pool.getPoolName(),
                            firstLine(e),
                            maxOutageNanos / 1_000_000_000L);
                    warned = true;
                }
                clock.sleepUntil(clock.nanoTime() + Math.min(backoff, Math.max(0, maxOutageNanos - waited)));
                backoff = Math.min(backoff * 2, MAX_BACKOFF_NANOS);
            }
        }
    }

    private DbOutageException declare(SQLException last, long waitedNanos) {
        DbOutageException e = new DbOutageException("no database connection for " + waitedNanos / 1_000_000_000L
                + " s, longer than database.timeouts.maxOutage (last error: " + firstLine(last)
                + "); check that the server is running and reachable");
        if (outage.compareAndSet(null, e)) {
            LOG.error("{}: {}", pool.getPoolName(), e.getMessage());
            onOutage.accept(e);
            return e;
        }
        return outage.get();
    }

    /** Evicts a broken session's connection from the pool and opens a new one. */
    public DbSession replace(DbSession broken) throws InterruptedException {
        replaced.increment();
        pool.evictConnection(broken.connection());
        broken.close();
        return open();
    }

    /** Connections replaced after a failure since start. */
    public long replacedConnections() {
        return replaced.sum();
    }

    /** Attempts to get a connection that failed (each one logged only at the start of an outage). */
    public long failedOpens() {
        return failedOpens.sum();
    }

    /** The declared outage, or null while the database is usable. */
    public DbOutageException outage() {
        return outage.get();
    }

    private static String firstLine(SQLException e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
