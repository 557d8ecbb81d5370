package org.sdbench.database.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.core.EnvironmentException;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.Database;

/**
 * Puts the data set back to its loaded state between the levels of a sweep, so that each level
 * starts from the same table sizes: the documents runs wrote are removed, the loaded order
 * history stays, and stock and valuation get back what the removed goods issues took. A run's
 * documents are those whose numbers lie outside the history's segments ({@link Baseline}), so
 * each table is cleaned by key-range deletes. Number ranges are not reset: numbers keep growing,
 * so none is ever issued twice.
 */
public final class TransactionalReset {
    /** Tables the benchmark loop writes, in an order that needs no cascading. */
    public static final List<String> DOCUMENT_TABLES = List.of(
            "vbak", "vbap", "vbep", "vbuk", "vbup", "vakpa", "konv", "likp", "lips", "vbrk", "vbrp", "s001", "vbfa",
            "mkpf", "mseg", "bkpf", "bseg", "cdhdr", "cdpos", "vbpa", "vapma", "vbbe", "nast", "stxh", "stxl", "s066");
    /** Tables without history: emptied. */
    private static final List<String> EMPTIED = List.of("vbbe", "vbhdr", "vbmod", "vbdata");

    private static final String CLIENT = "mandt = '" + MasterKeys.MANDT + "'";

    /** A delete of the run documents of one interval from one table: {@code key} BETWEEN the span's ends. */
    private record Cleanup(NrivIntervals.Interval interval, String table, String key, String extra) {
        String sql() {
            return "DELETE FROM " + table + " WHERE " + CLIENT + extra + " AND " + key + " BETWEEN ? AND ?";
        }
    }

    /** The history's orders per statistics key (S001 of version 000 holds one row per month, customer and material). */
    private static final String HISTORY_ORDERS =
            "SELECT TO_CHAR(k.erdat, 'YYYYMM') AS spmon, k.kunnr, p.matnr, SUM(p.netwr) AS umsatz,"
                    + " SUM(p.kwmeng) AS menge FROM vbak k JOIN vbap p ON p.mandt = k.mandt AND p.vbeln = k.vbeln WHERE k."
                    + CLIENT
                    + " GROUP BY TO_CHAR(k.erdat, 'YYYYMM'), k.kunnr, p.matnr";
    /**
     * The history's sales statistics once the runs' orders are gone: the loaded rows (with their SAP
     * fields) back at the history's sums, the rows only runs created removed.
     */
    private static final List<String> HISTORY_STATISTICS = List.of(
            "UPDATE s001 s SET umsatz = h.umsatz, menge = h.menge FROM (" + HISTORY_ORDERS + ") h WHERE s." + CLIENT
                    + " AND s.spmon = h.spmon AND s.kunnr = h.kunnr AND s.matnr = h.matnr"
                    + " AND (s.umsatz <> h.umsatz OR s.menge <> h.menge)",
            "DELETE FROM s001 s WHERE NOT EXISTS (SELECT 1 FROM (" + HISTORY_ORDERS + ") h WHERE h.spmon = s.spmon"
                    + " AND h.kunnr = s.kunnr AND h.matnr = s.matnr)");
    /** Every history loop is invoiced: no open values are left. */
    private static final String NO_OPEN_VALUES = "UPDATE s066 SET oeikw = 0, olikw = 0, ofakw = 0";

    private static final String DELIVERY_CHANGES = " AND objectclas = 'LIEFERUNG'";
    private static final String SALES_OUTPUT = " AND kappl = 'V'";
    private static final String ORDER_TEXTS = " AND tdobject = 'VBBK'";
    private static final String COMPANY = " AND bukrs = '" + MasterKeys.BUKRS + "'";

    private static final List<Cleanup> CLEANUPS = List.of(
            new Cleanup(NrivIntervals.ORDERS, "vbak", "vbeln", ""),
            new Cleanup(NrivIntervals.ORDERS, "vbap", "vbeln", ""),
            new Cleanup(NrivIntervals.ORDERS, "vbep", "vbeln", ""),
            new Cleanup(NrivIntervals.ORDERS, "vbup", "vbeln", ""),
            new Cleanup(NrivIntervals.ORDERS, "vakpa", "vbeln", ""),
            new Cleanup(NrivIntervals.ORDERS, "vbuk", "vbeln", ""),
            new Cleanup(NrivIntervals.ORDERS, "vbfa", "vbelv", ""),
            new Cleanup(NrivIntervals.DELIVERIES, "likp", "vbeln", ""),
            new Cleanup(NrivIntervals.DELIVERIES, "lips", "vbeln", ""),
            new Cleanup(NrivIntervals.DELIVERIES, "vbuk", "vbeln", ""),
            new Cleanup(NrivIntervals.DELIVERIES, "vbfa", "vbelv", ""),
            new Cleanup(NrivIntervals.DELIVERIES, "cdhdr", "objectid", DELIVERY_CHANGES),
            new Cleanup(NrivIntervals.DELIVERIES, "cdpos", "objectid", DELIVERY_CHANGES),
            new Cleanup(NrivIntervals.BILLING, "vbrk", "vbeln", ""),
            new Cleanup(NrivIntervals.BILLING, "vbrp", "vbeln", ""),
            new Cleanup(NrivIntervals.BILLING, "vbuk", "vbeln", ""),
            new Cleanup(NrivIntervals.MATERIAL_DOCUMENTS, "mkpf", "mblnr", ""),
            new Cleanup(NrivIntervals.MATERIAL_DOCUMENTS, "mseg", "mblnr", ""),
            new Cleanup(NrivIntervals.ACCOUNTING, "bkpf", "belnr", COMPANY),
            new Cleanup(NrivIntervals.ACCOUNTING, "bseg", "belnr", COMPANY),
            new Cleanup(NrivIntervals.CONDITIONS, "konv", "knumv", ""),
            new Cleanup(NrivIntervals.ORDERS, "vbpa", "vbeln", ""),
            new Cleanup(NrivIntervals.DELIVERIES, "vbpa", "vbeln", ""),
            new Cleanup(NrivIntervals.BILLING, "vbpa", "vbeln", ""),
            new Cleanup(NrivIntervals.ORDERS, "vapma", "vbeln", ""),
            new Cleanup(NrivIntervals.ORDERS, "nast", "objky", SALES_OUTPUT),
            new Cleanup(NrivIntervals.DELIVERIES, "nast", "objky", SALES_OUTPUT),
            new Cleanup(NrivIntervals.BILLING, "nast", "objky", SALES_OUTPUT),
            new Cleanup(NrivIntervals.ORDERS, "stxh", "tdname", ORDER_TEXTS),
            new Cleanup(NrivIntervals.ORDERS, "stxl", "tdname", ORDER_TEXTS));

    /** Gives stock and valuation back what the run's goods issues (MSEG rows in a span) took. */
    private static final String RESTORE_STOCK = "UPDATE mard d SET labst = d.labst + g.q FROM (SELECT matnr, werks,"
            + " lgort, SUM(menge) AS q FROM mseg WHERE " + CLIENT + " AND mblnr BETWEEN ? AND ? GROUP BY matnr, werks,"
            + " lgort) g WHERE d." + CLIENT + " AND d.matnr = g.matnr AND d.werks = g.werks AND d.lgort = g.lgort";

    private static final String RESTORE_VALUATION = "UPDATE mbew b SET lbkum = b.lbkum + g.q, salk3 = b.salk3 + g.v"
            + " FROM (SELECT matnr, werks, SUM(menge) AS q, SUM(dmbtr) AS v FROM mseg WHERE " + CLIENT
            + " AND mblnr BETWEEN ? AND ? GROUP BY matnr, werks) g WHERE b." + CLIENT
            + " AND b.matnr = g.matnr AND b.bwkey = g.werks";

    private final Database db;

    public TransactionalReset(Database db) {
        this.db = db;
    }

    /**
     * Refuses, naming what it would have done, while update requests are in VBHDR: a bench whose app
     * tier knows no update modules (steps without SQL) would fail a pending one and leave it in state E.
     */
    public void requireNoPendingUpdates(String wouldDo) {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            refuseIfPending(s, wouldDo);
        } catch (SQLException e) {
            throw new EnvironmentException("reading VBHDR in " + db.describe() + " failed: " + e.getMessage(), e);
        }
    }

    private static void refuseIfPending(Statement s, String wouldDo) throws SQLException {
        try (var rs = s.executeQuery("SELECT COUNT(*) FROM vbhdr")) {
            rs.next();
            if (rs.getLong(1) > 0) {
                throw new EnvironmentException(rs.getLong(1) + " update requests are still in VBHDR: refusing to "
                        + wouldDo + " (run 'sdbench run' once to process pending ones; failed ones, state E, are"
                        + " re-posted by 'sdbench check --repost' once their cause is fixed; then retry)");
            }
        }
    }

    /**
     * Removes the documents of runs and restores stock. Refuses while update requests are pending:
     * they belong to documents that are not written yet, and deleting them would lose them.
     */
    public void reset() {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            refuseIfPending(s, "reset the documents");
            c.setAutoCommit(false);
            Map<NrivIntervals.Interval, List<long[]>> spans = new LinkedHashMap<>();
            for (NrivIntervals.Interval i : NrivIntervals.ALL) {
                spans.put(i, Baseline.runSpans(Baseline.read(c, i), i));
            }
            for (String sql : List.of(RESTORE_STOCK, RESTORE_VALUATION)) {
                forEachSpan(c, sql, spans.get(NrivIntervals.MATERIAL_DOCUMENTS));
            }
            for (Cleanup d : CLEANUPS) {
                forEachSpan(c, d.sql(), spans.get(d.interval()));
            }
            s.execute("TRUNCATE " + String.join(", ", EMPTIED));
            for (String sql : HISTORY_STATISTICS) {
                s.execute(sql);
            }
            s.execute(NO_OPEN_VALUES);
            c.commit();
            c.setAutoCommit(true);
            s.execute("VACUUM ANALYZE mard");
            s.execute("VACUUM ANALYZE mbew");
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "resetting the documents in " + db.describe() + " failed: " + e.getMessage());
        }
    }

    private static void forEachSpan(Connection c, String sql, List<long[]> spans) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (long[] span : spans) {
                ps.setString(1, MasterKeys.zeroPad(span[0], 10));
                ps.setString(2, MasterKeys.zeroPad(span[1], 10));
                ps.executeUpdate();
            }
        }
    }

    /** Size on disk (table, indexes, TOAST) of each document table, in bytes. */
    public Map<String, Long> sizes() {
        Map<String, Long> out = new LinkedHashMap<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
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
