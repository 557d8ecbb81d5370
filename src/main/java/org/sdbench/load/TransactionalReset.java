package org.sdbench.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.db.Database;
import org.sdbench.db.EnvironmentException;

/**
 * Puts the data set back to its loaded state between the levels of a sweep, so that each level
 * starts from the same table sizes: business documents removed, stock and valuation restored.
 * Number ranges are not reset: numbers keep growing, so none is ever issued twice.
 */
public final class TransactionalReset {
    /** Tables the benchmark loop writes, in an order that needs no cascading. */
    public static final List<String> DOCUMENT_TABLES = List.of("vbak", "vbap", "vbep", "vbuk", "vbup", "vakpa", "konv",
            "likp", "lips", "vbrk", "vbrp", "s001", "vbfa", "mkpf", "mseg", "bkpf", "bseg", "cdhdr", "cdpos");
    private static final List<String> UPDATE_TABLES = List.of("vbhdr", "vbmod", "vbdata");

    private final Database db;

    public TransactionalReset(Database db) {
        this.db = db;
    }

    /**
     * Removes all documents and restores stock. Refuses while update requests are pending: they
     * belong to documents that are not written yet, and truncating them would lose them.
     */
    public void reset() {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            try (var rs = s.executeQuery("SELECT COUNT(*) FROM vbhdr")) {
                rs.next();
                if (rs.getLong(1) > 0) {
                    throw new EnvironmentException(rs.getLong(1) + " update requests are still in VBHDR: refusing to "
                            + "reset the documents (run 'sdbench run' once to process pending ones; failed ones, state E, are"
                            + " re-posted by 'sdbench check --repost' once their cause is fixed; then retry)");
                }
            }
            c.setAutoCommit(false);
            s.execute("TRUNCATE " + String.join(", ", DOCUMENT_TABLES) + ", " + String.join(", ", UPDATE_TABLES));
            s.executeUpdate("UPDATE mard SET labst = (SELECT initial_stock FROM sdbench_load)");
            s.executeUpdate("UPDATE mbew SET lbkum = (SELECT initial_stock FROM sdbench_load),"
                    + " salk3 = (SELECT initial_stock FROM sdbench_load) * verpr");
            c.commit();
            c.setAutoCommit(true);
            s.execute("VACUUM ANALYZE mard");
            s.execute("VACUUM ANALYZE mbew");
        } catch (SQLException e) {
            throw new EnvironmentException("resetting the documents in " + db.describe() + " failed: " + e.getMessage());
        }
    }

    /** Size on disk (table, indexes, TOAST) of each document table, in bytes. */
    public Map<String, Long> sizes() {
        Map<String, Long> out = new LinkedHashMap<>();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            for (String t : DOCUMENT_TABLES) {
                try (var rs = s.executeQuery("SELECT pg_total_relation_size('" + t + "')")) {
                    rs.next();
                    out.put(t, rs.getLong(1));
                }
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading table sizes in " + db.describe() + " failed: " + e.getMessage());
        }
        return out;
    }
}
