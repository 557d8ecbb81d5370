package org.sdbench.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.sdbench.core.Clock;

/**
 * A work process's DB connection, owned for the process's lifetime as SAP does. Every call is a
 * prepared statement, timed and counted so a step can report its DB request time and round
 * trips. Statements are cached per connection because a work process runs the same few SQL
 * texts millions of times. Not thread-safe: one work process, one session.
 *
 * <p>Reads run in autocommit until the first write (or locking read) of a transaction: a step that
 * only reads then needs no COMMIT, one round trip less on each such step. At the isolation level
 * every session uses (read committed) each statement sees its own snapshot inside a transaction
 * too, so those reads see exactly what they would have seen in it; what they do not do is hold
 * locks, and a plain read holds none a step relies on.
 */
public final class DbSession implements AutoCloseable {
    /** Maps the current row of a result set to a value. */
    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    private final Connection connection;
    /**
     * The driver's own connection, for the session's statements, commits and autocommit switches.
     * Through HikariCP's proxies every call is one more wrapper and every query a result-set proxy,
     * on the path of every statement; in exchange the pool no longer sees the transaction, so
     * {@link #close()} rolls back and restores the pool's autocommit setting itself (HikariCP would
     * reset a switched autocommit when its proxy closes, which fails on a connection evicted after an
     * error), and a broken connection is evicted by whoever replaces the session
     * ({@code SessionSource.replace}), not by the proxy noticing the error.
     */
    private final Connection driverConnection;

    private final Dialect dialect;
    private final Clock clock;
    private final Map<String, PreparedStatement> statements = new HashMap<>();
    /** The SQL text of each pipeline shape sent so far (a few dozen per session): built once each. */
    private final Map<Object, String> pipelineSql = new HashMap<>();
    /** Queries that lock rows (FOR UPDATE, FOR SHARE): they open the transaction, as writes do. */
    private final Set<String> lockingQueries = new HashSet<>();

    private final RoundTripCounter roundTrips;
    private final OrderMarks marks;

    private static final Pattern LOCKING =
            Pattern.compile("\\bFOR\\s+(NO\\s+KEY\\s+)?(UPDATE|SHARE|KEY\\s+SHARE)\\b", Pattern.CASE_INSENSITIVE);
    /** Whether reads may run outside a transaction: only where they see the same inside one. */
    private final boolean autocommitReads;
    /** Whether a write or locking read opened a transaction that commit or rollback must end. */
    private boolean inTransaction;

    private long dbNanos;
    private int calls;
    private int rows;

    /** A session that counts its round trips on its own. */
    public DbSession(Connection connection, Dialect dialect, Clock clock) throws SQLException {
        this(connection, dialect, clock, new RoundTripCounter());
    }

    /** A session that counts its round trips in {@code roundTrips}, with the other sessions that share it. */
    public DbSession(Connection connection, Dialect dialect, Clock clock, RoundTripCounter roundTrips)
            throws SQLException {
        this.connection = connection;
        this.roundTrips = roundTrips;
        this.dialect = dialect;
        this.clock = clock;
        // Under repeatable read or serializable a transaction's reads share one snapshot: there every
        // statement stays inside the transaction, as before.
        int isolation = connection.getTransactionIsolation();
        this.autocommitReads = isolation == Connection.TRANSACTION_READ_COMMITTED
                || isolation == Connection.TRANSACTION_READ_UNCOMMITTED;
        this.driverConnection = connection.unwrap(Connection.class);
        this.marks = connection.isWrapperFor(OrderMarks.class) ? connection.unwrap(OrderMarks.class) : OrderMarks.NONE;
        driverConnection.setAutoCommit(autocommitReads);
        this.inTransaction = !autocommitReads;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** Where the app tier marks the order of its statements for a recording connection; nowhere on any other. */
    public OrderMarks marks() {
        return marks;
    }

    /** The connection as it is: in autocommit unless this transaction has written. */
    public Connection connection() {
        return connection;
    }

    /**
     * The connection inside this transaction (opened now unless a write already did), for work that
     * must commit or roll back with the step's statements, such as an unbuffered number-range draw.
     */
    public Connection transactionConnection() throws SQLException {
        begin();
        return connection;
    }

    private void begin() throws SQLException {
        if (!inTransaction) {
            // No round trip: pgjdbc sends BEGIN with the next statement.
            driverConnection.setAutoCommit(false);
            inTransaction = true;
        }
    }

    /**
     * DB request time and statements since the last {@link #resetCounters()}; a batch counts once,
     * as does each statement of a {@link Pipeline}.
     */
    public long dbNanos() {
        return dbNanos;
    }

    public int calls() {
        return calls;
    }

    /** Rows the queries returned since the last {@link #resetCounters()}. */
    public int rows() {
        return rows;
    }

    public void resetCounters() {
        dbNanos = 0;
        calls = 0;
        rows = 0;
    }

    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... params) throws SQLException {
        PreparedStatement ps = prepare(sql, params);
        if (lockingQueries.contains(sql)) {
            begin();
        }
        long t0 = clock.nanoTime();
        try {
            return drain(ps.executeQuery(), mapper);
        } finally {
            account(t0);
        }
    }

    /**
     * The first row of a key lookup, or null when there is none. Further rows are received and
     * counted as {@link #query} does, but not mapped: most statements of a step are key lookups, and
     * a list per lookup was garbage on the path of every one.
     */
    public <T> T queryOne(String sql, RowMapper<T> mapper, Object... params) throws SQLException {
        PreparedStatement ps = prepare(sql, params);
        if (lockingQueries.contains(sql)) {
            begin();
        }
        long t0 = clock.nanoTime();
        try (ResultSet rs = ps.executeQuery()) {
            T first = null;
            int n = 0;
            while (rs.next()) {
                if (n++ == 0) {
                    first = mapper.map(rs);
                }
            }
            rows += n;
            return first;
        } finally {
            account(t0);
        }
    }

    public int update(String sql, Object... params) throws SQLException {
        begin();
        PreparedStatement ps = prepare(sql, params);
        long t0 = clock.nanoTime();
        try {
            return ps.executeUpdate();
        } finally {
            account(t0);
        }
    }

    /** One round trip for many rows of the same statement. */
    public int[] batch(String sql, List<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return new int[0];
        }
        if (rows.size() == 1) {
            // Same statement, same round trip, without pgjdbc's batch machinery (a result handler
            // and the rewritten multi-row variants) around a single execution.
            return new int[] {update(sql, rows.get(0))};
        }
        begin();
        PreparedStatement ps = statement(sql);
        for (Object[] row : rows) {
            Params.bind(ps, row);
            ps.addBatch();
        }
        long t0 = clock.nanoTime();
        try {
            return ps.executeBatch();
        } finally {
            account(t0);
        }
    }

    /**
     * The pipeline's statements in order, in one round trip where the dialect allows it. Each
     * counts as the statement it would be on its own (a batch once), so per-statement figures
     * do not depend on how the statements travel.
     */
    public void run(Pipeline p) throws SQLException {
        if (p.isEmpty()) {
            return;
        }
        begin();
        if (!dialect.pipelinesStatements()) {
            p.runEach(this);
            return;
        }
        PreparedStatement ps = prepare(pipelineSql.computeIfAbsent(p.shape(), k -> p.sql()), p.parameters());
        long t0 = clock.nanoTime();
        try {
            ps.execute();
        } finally {
            account(t0);
            calls += p.statements() - 1;
        }
    }

    /** The rows of two queries, in the order they ran. */
    public record Both<A, B>(List<A> first, List<B> second) {}

    /**
     * Two queries in one round trip where the dialect allows it. The second is still a statement
     * of its own: it starts after the first has finished (its row locks granted), so it sees what
     * committed before then.
     */
    public <A, B> Both<A, B> queryBoth(
            String sql1, RowMapper<A> first, Object[] params1, String sql2, RowMapper<B> second, Object[] params2)
            throws SQLException {
        if (!dialect.pipelinesStatements()) {
            List<A> a = query(sql1, first, params1);
            return new Both<>(a, query(sql2, second, params2));
        }
        Object[] params = Arrays.copyOf(params1, params1.length + params2.length);
        System.arraycopy(params2, 0, params, params1.length, params2.length);
        String sql = sql1 + ";\n" + sql2;
        PreparedStatement ps = prepare(sql, params);
        if (lockingQueries.contains(sql)) {
            begin();
        }
        long t0 = clock.nanoTime();
        try {
            ps.execute();
            List<A> a = drain(ps.getResultSet(), first);
            if (!ps.getMoreResults()) {
                throw new SQLException("no result of the second query: " + sql2);
            }
            return new Both<>(a, drain(ps.getResultSet(), second));
        } finally {
            account(t0);
            calls++;
        }
    }

    private <T> List<T> drain(ResultSet rs, RowMapper<T> mapper) throws SQLException {
        try (rs) {
            List<T> out = new ArrayList<>();
            while (rs.next()) {
                out.add(mapper.map(rs));
            }
            rows += out.size();
            return out;
        }
    }

    /** Commits this transaction's writes; nothing to send (and no statement counted) when it only read. */
    public void commit() throws SQLException {
        if (!inTransaction) {
            return;
        }
        long t0 = clock.nanoTime();
        try {
            driverConnection.commit();
        } finally {
            account(t0);
        }
        endTransaction();
    }

    /** Rolls back, ignoring failures of a connection that is already broken (the pool replaces it). */
    public void rollbackQuietly() {
        if (!inTransaction) {
            return;
        }
        try {
            driverConnection.rollback();
            endTransaction();
        } catch (SQLException ignored) {
            // The connection is gone; the caller counts the step's original error, not this one.
        }
    }

    private void endTransaction() throws SQLException {
        if (autocommitReads) {
            // The transaction has ended, so pgjdbc switches back without a round trip.
            driverConnection.setAutoCommit(true);
            inTransaction = false;
        }
    }

    private PreparedStatement prepare(String sql, Object[] params) throws SQLException {
        PreparedStatement ps = statement(sql);
        Params.bind(ps, params);
        return ps;
    }

    private PreparedStatement statement(String sql) throws SQLException {
        PreparedStatement ps = statements.get(sql);
        if (ps == null) {
            ps = driverConnection.prepareStatement(dialect.sql(sql));
            statements.put(sql, ps);
            if (LOCKING.matcher(sql).find()) {
                lockingQueries.add(sql);
            }
        }
        return ps;
    }

    private void account(long t0) {
        dbNanos += clock.nanoTime() - t0;
        calls++;
        roundTrips.add();
    }

    @Override
    public void close() {
        for (PreparedStatement ps : statements.values()) {
            try {
                ps.close();
            } catch (SQLException ignored) {
                // Closing a statement of a dead connection fails; nothing to release then.
            }
        }
        statements.clear();
        if (inTransaction) {
            // HikariCP rolls back only what went through its proxy: this session's statements did not.
            try {
                driverConnection.rollback();
            } catch (SQLException ignored) {
                // A dead connection: the server rolled back when it went.
            }
        }
        if (autocommitReads) {
            try {
                driverConnection.setAutoCommit(false);
            } catch (SQLException ignored) {
                // A dead connection: the pool discards it, its setting no longer matters.
            }
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // Returned to (or evicted from) the pool either way.
        }
    }
}
