package org.sdbench.appserver.workprocess;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;
import org.sdbench.db.DbSession;
import org.sdbench.db.Dialect;
import org.sdbench.metrics.Clock;

/**
 * Gives work processes their lifetime DB session from the instance's pool, and a fresh one when
 * the old connection broke (server restart, network): the loss is counted, never fatal.
 */
public final class SessionSource {
    private final HikariDataSource pool;
    private final Dialect dialect;
    private final Clock clock;
    private final LongAdder replaced = new LongAdder();

    public SessionSource(HikariDataSource pool, Dialect dialect, Clock clock) {
        this.pool = pool;
        this.dialect = dialect;
        this.clock = clock;
    }

    public Dialect dialect() {
        return dialect;
    }

    public HikariDataSource pool() {
        return pool;
    }

    /** Waits (with back-off) until the pool hands out a connection; only interruption stops it. */
    public DbSession open() throws InterruptedException {
        long backoffMs = 100;
        while (true) {
            try {
                return new DbSession(pool.getConnection(), dialect, clock);
            } catch (SQLException e) {
                Thread.sleep(backoffMs);
                backoffMs = Math.min(backoffMs * 2, 5_000);
            }
        }
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
}
