package org.sdbench.database.load;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.Db2Dialect;
import org.sdbench.database.SchemaInstaller;
import org.sdbench.database.SqlErrors;

/**
 * The last step of a load: the optimizer statistics of every table (ANALYZE in PostgreSQL, RUNSTATS
 * in DB2), spread over the load's connections. A load that stopped here has whole data, so it is
 * finished by this step alone ({@link #finish}).
 */
final class LoadStatistics {
    private LoadStatistics() {}

    static void update(Database db, List<Connection> connections, ExecutorService pool)
            throws SQLException, IOException, InterruptedException {
        List<String> tables = new SchemaInstaller(db).tables();
        List<Callable<Long>> parts = new ArrayList<>();
        for (int i = 0; i < connections.size(); i++) {
            Connection c = connections.get(i);
            List<String> mine = new ArrayList<>();
            for (int j = i; j < tables.size(); j += connections.size()) {
                mine.add(tables.get(j));
            }
            parts.add(() -> {
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    for (String t : mine) {
                        if (db.dialect().supportsCopy()) {
                            try {
                                s.execute("ANALYZE " + t);
                            } catch (SQLException e) {
                                throw LockStall.failure(db, connections, "ANALYZE " + t, t, e);
                            }
                        } else if (db.dialect() instanceof Db2Dialect) {
                            s.execute("CALL SYSPROC.ADMIN_CMD('RUNSTATS ON TABLE "
                                    + db.schema().toUpperCase() + "." + t.toUpperCase()
                                    + " WITH DISTRIBUTION AND DETAILED INDEXES ALL')");
                        }
                    }
                }
                return (long) mine.size();
            });
        }
        try {
            LoadWorkers.runAll(pool, parts);
        } catch (TableFailure e) {
            throw new IllegalStateException("statistics update reported a table failure", e);
        }
    }

    /**
     * Finishes a load that stopped while updating the statistics ({@link LoadMarker.Step#ANALYZE}): the
     * statistics of every table on {@code threads} connections, then the schema is marked complete.
     * Returns the nanoseconds it took.
     */
    static long finish(Database db, int threads, LoadListener listener) throws InterruptedException {
        List<Connection> connections = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads, LoadWorkers.daemonThreads());
        try {
            for (int i = 0; i < threads; i++) {
                Connection c = db.connect();
                connections.add(c);
                LockStall.bound(db, c);
            }
            long a0 = System.nanoTime();
            listener.phaseStarted("analyze");
            update(db, connections, pool);
            LoadMarker.clear(db);
            long nanos = System.nanoTime() - a0;
            listener.phaseDone("analyze", nanos);
            return nanos;
        } catch (SQLException | IOException e) {
            throw new EnvironmentException(
                    "updating statistics (ANALYZE) in " + db.describe() + " failed: " + SqlErrors.firstLine(e), e);
        } finally {
            pool.shutdownNow();
            closeAll(connections);
        }
    }

    static void closeAll(List<Connection> connections) {
        for (Connection c : connections) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing after a failure: the first error is the one to report
            }
        }
    }
}
