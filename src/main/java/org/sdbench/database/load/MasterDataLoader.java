package org.sdbench.database.load;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.PostgresDialect;
import org.sdbench.database.SchemaInstaller;
import org.sdbench.database.SqlErrors;

/**
 * Writes the master data and the order history of {@link MasterDataSpec} into an installed schema, table after table,
 * each table by {@code threads} workers on their own connection and user range: PostgreSQL COPY
 * (text format, streamed from a fixed buffer) where the dialect supports it, batched INSERTs
 * otherwise. Then updates the optimizer statistics. Or writes COPY text files instead ({@link #dump}).
 */
public final class MasterDataLoader {
    /** File name suffix of dumped tables: {@code <table>.copy}, COPY text format, columns as in {@link #COLUMNS_SUFFIX}. */
    public static final String DUMP_SUFFIX = ".copy";
    /** File name suffix of a dumped table's column list ({@code <table>.columns}, one line): the DDL defaults the rest. */
    public static final String COLUMNS_SUFFIX = ".columns";
    /** The PostgreSQL DDL of every table, written beside a dump. */
    public static final String SCHEMA_FILE = "schema.sql";

    private final MasterDataSpec spec;
    private final int threads;
    private final LoadListener listener;
    private boolean forceInserts;

    public MasterDataLoader(MasterDataSpec spec, int threads, LoadListener listener) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1: " + threads);
        }
        this.spec = spec;
        this.threads = threads;
        this.listener = listener == null ? LoadListener.NONE : listener;
    }

    /** Use batched INSERTs even where COPY is available (tests the DB2 path on PostgreSQL). */
    MasterDataLoader forceInserts() {
        forceInserts = true;
        return this;
    }

    /**
     * Loads all {@link LoadTable}s into the (installed, empty) schema of {@code db}, then
     * ANALYZE (PostgreSQL) or RUNSTATS (DB2) on every table of the schema.
     *
     * <p>Worker i streams all per-user tables of its user range, one table after the other, in
     * one transaction (COPY) or committing every few thousand rows (INSERT); the first worker also writes
     * the customizing and number-range rows. The sdbench_load row is written last, after every
     * worker committed. A {@link LoadMarker} marks the schema incomplete from the start until the
     * statistics, spread over the same connections, are up to date.
     *
     * @throws EnvironmentException when the database refuses the data or the connection breaks
     */
    public LoadResult load(Database db) throws InterruptedException {
        return load(db, 1);
    }

    /**
     * Adds users {@code firstUser}..{@code spec.users()} to a data set loaded for fewer users with the
     * same sizes and seed. Every value is a function of seed, user and index, so the result is the
     * data set a full load of {@code spec.users()} would have produced.
     */
    public LoadResult extend(Database db, int firstUser) throws InterruptedException {
        if (firstUser < 2 || firstUser > spec.users()) {
            throw new IllegalArgumentException("extend from user " + firstUser + " to " + spec.users());
        }
        return load(db, firstUser);
    }

    private LoadResult load(Database db, int firstUser) throws InterruptedException {
        boolean initial = firstUser == 1;
        boolean copy = db.dialect().supportsCopy() && !forceInserts;
        List<int[]> ranges = ranges(firstUser, spec.users(), threads);
        List<Connection> connections = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(ranges.size(), LoadWorkers.daemonThreads());
        String doing = "connecting to ";
        try {
            for (int i = 0; i < ranges.size(); i++) {
                Connection c = db.connect();
                connections.add(c);
                LockStall.bound(db, c);
                c.setAutoCommit(false);
            }
            doing = "marking the load as started in ";
            LoadMarker.begin(db, spec.users());
            int newUsers = spec.users() - firstUser + 1;
            doing = "reading the number-range levels of ";
            OrderHistory history = initial
                    ? OrderHistory.initial(spec)
                    : new OrderHistory(spec, firstUser, NrivIntervals.levels(connections.get(0)));
            listener.started(
                    initial
                            ? spec.totalRows()
                            : LoadTable.all().stream()
                                    .mapToLong(t -> t.rowsPerUser(spec) * newUsers)
                                    .sum());
            long t0 = System.nanoTime();
            Map<LoadTable, TableProgress> tables = new LinkedHashMap<>();
            for (LoadTable t : LoadTable.all()) {
                long rows = initial ? t.rows(spec) : t.rowsPerUser(spec) * newUsers;
                tables.put(t, new TableProgress(t.tableName(), rows, t.perUser() ? ranges.size() : 1));
            }
            List<Callable<Long>> workers = new ArrayList<>();
            for (int i = 0; i < ranges.size(); i++) {
                Connection c = connections.get(i);
                int[] r = ranges.get(i);
                List<LoadTable> mine = new ArrayList<>();
                for (LoadTable t : LoadTable.all()) {
                    if (t.perUser() || initial && i == 0 && t != MasterTable.SDBENCH_LOAD) {
                        mine.add(t);
                    }
                }
                workers.add(() -> {
                    long n = 0;
                    for (LoadTable t : mine) {
                        n += loadPart(c, copy, history, t, r[0], r[1], tables.get(t));
                    }
                    c.commit();
                    return n;
                });
            }
            doing = "loading master data and order history into ";
            LoadWorkers.runAll(pool, workers);
            doing = "writing the sdbench_load row into ";
            Connection first = connections.get(0);
            if (!initial) {
                NrivIntervals.advance(first, history);
            }
            Baseline.add(first, history);
            if (initial) {
                loadPart(first, copy, history, MasterTable.SDBENCH_LOAD, 1, 1, tables.get(MasterTable.SDBENCH_LOAD));
            } else {
                try (var ps = connections.get(0).prepareStatement("UPDATE sdbench_load SET users = ?")) {
                    ps.setInt(1, spec.users());
                    ps.executeUpdate();
                }
            }
            connections.get(0).commit();
            long loadNanos = System.nanoTime() - t0;

            LoadMarker.dataDone(db);

            doing = "updating statistics (ANALYZE) in ";
            long a0 = System.nanoTime();
            listener.phaseStarted("analyze");
            LoadStatistics.update(db, connections, pool);
            LoadMarker.clear(db);
            long analyzeNanos = System.nanoTime() - a0;
            listener.phaseDone("analyze", analyzeNanos);
            Map<String, Long> rows = new LinkedHashMap<>();
            tables.values().forEach(t -> rows.put(t.table, t.rows.sum()));
            return new LoadResult(spec.users(), rows, loadNanos, analyzeNanos);
        } catch (TableFailure e) {
            if (e.getCause() instanceof SQLException s
                    && LockStall.failure(db, connections, "loading " + e.table, e.table, s)
                            instanceof EnvironmentException stalled) {
                throw stalled;
            }
            throw new EnvironmentException(
                    "loading table " + e.table + " into " + db.describe() + " failed: "
                            + SqlErrors.firstLine(e.getCause()),
                    e.getCause());
        } catch (SQLException | IOException e) {
            throw new EnvironmentException(doing + db.describe() + " failed: " + SqlErrors.firstLine(e), e);
        } finally {
            pool.shutdownNow();
            LoadStatistics.closeAll(connections);
        }
    }

    /**
     * Finishes a load that stopped while updating the optimizer statistics (its schema's
     * {@link LoadMarker} says {@link LoadMarker.Step#ANALYZE}): the data is whole, so only the
     * statistics are updated. Returns the nanoseconds that took.
     */
    public long finishStatistics(Database db) throws InterruptedException {
        return LoadStatistics.finish(db, threads, listener);
    }

    /** Rows and timing of one table, loaded by several workers. */
    private final class TableProgress {
        final String table;
        final long expectedRows;
        final LongAdder rows = new LongAdder();
        final AtomicInteger remaining;
        final AtomicLong firstStart = new AtomicLong();

        TableProgress(String table, long expectedRows, int parts) {
            this.table = table;
            this.expectedRows = expectedRows;
            this.remaining = new AtomicInteger(parts);
        }

        void partStarted() {
            if (firstStart.compareAndSet(0, System.nanoTime())) {
                listener.tableStarted(table, expectedRows);
            }
        }

        void partDone(long n) {
            rows.add(n);
            if (remaining.decrementAndGet() == 0) {
                listener.tableDone(table, rows.sum(), System.nanoTime() - firstStart.get());
            }
        }
    }

    private long loadPart(
            Connection c, boolean copy, OrderHistory h, LoadTable t, int from, int to, TableProgress progress)
            throws TableFailure {
        progress.partStarted();
        try {
            long n = copy ? copyPart(c, h, t, from, to) : insertPart(c, h, t, from, to);
            progress.partDone(n);
            return n;
        } catch (SQLException | IOException e) {
            throw new TableFailure(t.tableName(), e);
        }
    }

    /**
     * Writes one COPY text file per table into {@code dir} (created if missing) instead of
     * loading: {@code <table>.copy}, loadable with {@code COPY <table> FROM '<file>'} or psql's {@code \copy}.
     */
    public LoadResult dump(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        // The tables' PostgreSQL DDL beside the data, so that the dump loads with psql alone (bench/load-vs-copy.sh).
        StringBuilder ddl = new StringBuilder();
        SchemaInstaller.statements(new PostgresDialect())
                .values()
                .forEach(l -> l.forEach(st -> ddl.append(st).append(";\n\n")));
        Files.writeString(dir.resolve(SCHEMA_FILE), ddl);
        listener.started(spec.totalRows());
        ExecutorService pool = Executors.newFixedThreadPool(threads, LoadWorkers.daemonThreads());
        try {
            long t0 = System.nanoTime();
            OrderHistory history = OrderHistory.initial(spec);
            Map<LoadTable, Future<Long>> futures = new LinkedHashMap<>();
            for (LoadTable t : LoadTable.all()) {
                futures.put(t, pool.submit(() -> dumpTable(dir, history, t)));
            }
            Map<String, Long> rows = new LinkedHashMap<>();
            for (var e : futures.entrySet()) {
                rows.put(e.getKey().tableName(), LoadWorkers.get(e.getValue(), futures.values()));
            }
            return new LoadResult(spec.users(), rows, System.nanoTime() - t0, 0);
        } catch (SQLException | TableFailure e) {
            throw new IllegalStateException("a file target reported an SQL error", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private long dumpTable(Path dir, OrderHistory h, LoadTable t) throws IOException, SQLException {
        long start = System.nanoTime();
        listener.tableStarted(t.tableName(), t.rows(spec));
        Files.writeString(dir.resolve(t.tableName() + COLUMNS_SUFFIX), String.join(", ", t.columns()) + "\n");
        try (OutputStream out = Files.newOutputStream(dir.resolve(t.tableName() + DUMP_SUFFIX))) {
            CopyTextSink sink = new CopyTextSink((b, n) -> out.write(b, 0, n), listener::rowsSent);
            t.generate(h, 1, spec.users(), sink);
            sink.flush();
            listener.tableDone(t.tableName(), sink.rows(), System.nanoTime() - start);
            return sink.rows();
        }
    }

    /** The COPY statement for a table, columns as generated. */
    public static String copySql(LoadTable t) {
        return "COPY " + t.tableName() + " (" + String.join(", ", t.columns()) + ") FROM STDIN";
    }

    private long copyPart(Connection c, OrderHistory h, LoadTable t, int from, int to)
            throws SQLException, IOException {
        CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn(copySql(t));
        try {
            CopyTextSink sink = new CopyTextSink((b, n) -> in.writeToCopy(b, 0, n), listener::rowsSent);
            t.generate(h, from, to, sink);
            sink.flush();
            return in.endCopy();
        } finally {
            if (in.isActive()) {
                in.cancelCopy();
            }
        }
    }

    private long insertPart(Connection c, OrderHistory h, LoadTable t, int from, int to)
            throws SQLException, IOException {
        try (InsertSink sink = new InsertSink(c, t.tableName(), t.columns(), listener::rowsSent)) {
            t.generate(h, from, to, sink);
            sink.finish();
            return sink.rows();
        } catch (SQLException | IOException | RuntimeException e) {
            c.rollback();
            throw e;
        }
    }

    /** Splits users 1..users into at most {@code parts} contiguous ranges {from, to} of nearly equal size. */
    static List<int[]> ranges(int users, int parts) {
        return ranges(1, users, parts);
    }

    static List<int[]> ranges(int first, int last, int parts) {
        int users = last - first + 1;
        int n = Math.min(users, parts);
        List<int[]> out = new ArrayList<>(n);
        int from = first;
        for (int i = 0; i < n; i++) {
            int size = users / n + (i < users % n ? 1 : 0);
            out.add(new int[] {from, from + size - 1});
            from += size;
        }
        return out;
    }
}
