package org.sdbench.database.check;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;
import org.sdbench.database.load.NrivIntervals;

/**
 * Audits what 'sdbench load' wrote against its sdbench_load record: customizing rows, rows per
 * user of every master-data table (one GROUP BY query per table), the NRIV intervals, and stock
 * that must never be negative, and the order history (every customer has its orders).
 * Transactions may change stock and number-range levels, so those are checked for bounds only.
 */
public final class MasterDataAudit implements Audit {
    public static final String NAME = "master-data";

    /** Users listed per problem line at most. */
    private static final int SHOW_USERS = 5;

    /** SQL for the owning user of a row, derived from the key formats of {@link MasterKeys}. */
    private static final String USER_OF_KUNNR = "CAST(SUBSTR(kunnr, 1, 7) AS INTEGER)";

    private static final String USER_OF_MATNR = "CAST(SUBSTR(matnr, 2, 9) AS INTEGER)";

    /** The sdbench_load row. */
    public record LoadRecord(
            int users, int customersPerUser, int materialsPerUser, int plants, long initialStock, long seed) {}

    private record PerUserTable(String table, String userExpr, boolean perCustomer) {}

    private static final List<PerUserTable> PER_USER = List.of(
            new PerUserTable("kna1", "user_no", true),
            new PerUserTable("knvv", USER_OF_KUNNR, true),
            new PerUserTable("mara", "user_no", false),
            new PerUserTable("marc", USER_OF_MATNR, false),
            new PerUserTable("mvke", USER_OF_MATNR, false),
            new PerUserTable("mard", USER_OF_MATNR, false),
            new PerUserTable("mbew", USER_OF_MATNR, false),
            // the current material prices (numeric record numbers); the other condition records' items are per user too
            new PerUserTable(
                    "konp WHERE kschl = 'PR00' AND SUBSTR(knumh, 1, 1) BETWEEN '0' AND '9'", USER_OF_MATNR, false),
            new PerUserTable("knkk", USER_OF_KUNNR, true),
            new PerUserTable("s066", "CAST(SUBSTR(knkli, 1, 7) AS INTEGER)", true));

    @Override
    public String name() {
        return NAME;
    }

    /**
     * @throws org.sdbench.core.EnvironmentException when the schema is not installed
     */
    @Override
    public List<Problem> run(Database db) throws SQLException {
        new SchemaInstaller(db).requireInstalled();
        List<Problem> problems = new ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            LoadRecord load = loadRecord(s, problems);
            checkCustomizing(s, load, problems);
            if (load != null) {
                for (PerUserTable t : PER_USER) {
                    checkPerUser(s, t, load, problems);
                }
            }
            checkNumberRanges(s, problems);
            checkStock(s, problems);
            checkHistory(s, problems);
        }
        return problems;
    }

    /** The sdbench_load row, or null (and a problem) when there is not exactly one. */
    public static LoadRecord readLoadRecord(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            return loadRecord(s, new ArrayList<>());
        }
    }

    private static LoadRecord loadRecord(Statement s, List<Problem> problems) throws SQLException {
        List<LoadRecord> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT users, customers_per_user, materials_per_user, plants, "
                + "initial_stock, seed FROM sdbench_load")) {
            while (rs.next()) {
                rows.add(new LoadRecord(
                        rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getInt(4), rs.getLong(5), rs.getLong(6)));
            }
        }
        if (rows.isEmpty()) {
            problems.add(problem("sdbench_load has no row: the load did not finish; run './sdbench load --users N "
                    + "--recreate'"));
            return null;
        }
        if (rows.size() > 1) {
            problems.add(problem("sdbench_load has " + rows.size() + " rows, expected 1: the schema was loaded "
                    + "more than once; run './sdbench load --users N --recreate'"));
            return null;
        }
        return rows.get(0);
    }

    private static void checkCustomizing(Statement s, LoadRecord load, List<Problem> problems) throws SQLException {
        if (count(
                        s,
                        "SELECT COUNT(*) FROM tvak WHERE auart = '" + MasterKeys.ORDER_TYPE + "' AND numki = '"
                                + MasterKeys.ORDER_NUMBER_RANGE + "'")
                != 1) {
            problems.add(problem("tvak: order type '" + MasterKeys.ORDER_TYPE + "' with number range '"
                    + MasterKeys.ORDER_NUMBER_RANGE + "' is missing"));
        }
        if (count(s, "SELECT COUNT(*) FROM tvko WHERE vkorg = '" + MasterKeys.VKORG + "'") != 1) {
            problems.add(problem("tvko: sales organisation '" + MasterKeys.VKORG + "' is missing"));
        }
        if (load != null) {
            long plants = count(s, "SELECT COUNT(*) FROM t001w");
            if (plants != load.plants()) {
                problems.add(problem("t001w has " + plants + " plants, expected " + load.plants()));
            }
        }
    }

    private static void checkPerUser(Statement s, PerUserTable t, LoadRecord load, List<Problem> problems)
            throws SQLException {
        long expected = t.perCustomer() ? load.customersPerUser() : load.materialsPerUser();
        Map<Integer, Long> counts = new HashMap<>();
        try (ResultSet rs = s.executeQuery(
                "SELECT " + t.userExpr() + ", COUNT(*) FROM " + t.table() + " GROUP BY " + t.userExpr())) {
            while (rs.next()) {
                counts.put(rs.getInt(1), rs.getLong(2));
            }
        }
        Map<Integer, Long> wrong = new TreeMap<>();
        for (int u = 1; u <= load.users(); u++) {
            long got = counts.getOrDefault(u, 0L);
            if (got != expected) {
                wrong.put(u, got);
            }
        }
        if (!wrong.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            wrong.entrySet().stream()
                    .limit(SHOW_USERS)
                    .forEach(e -> sb.append(sb.isEmpty() ? "" : ", ")
                            .append("user ")
                            .append(e.getKey())
                            .append(" has ")
                            .append(e.getValue()));
            if (wrong.size() > SHOW_USERS) {
                sb.append(", ...");
            }
            problems.add(problem(t.table() + ": " + wrong.size() + " of " + load.users() + " users have the wrong "
                    + "number of rows (expected " + expected + " per user): " + sb));
        }
        long strangers = counts.entrySet().stream()
                .filter(e -> e.getKey() < 1 || e.getKey() > load.users())
                .mapToLong(Map.Entry::getValue)
                .sum();
        if (strangers > 0) {
            problems.add(problem(t.table() + ": " + strangers + " rows belong to no loaded user (users are 1.."
                    + load.users() + ")"));
        }
    }

    private static void checkNumberRanges(Statement s, List<Problem> problems) throws SQLException {
        Map<String, long[]> found = new HashMap<>();
        try (ResultSet rs = s.executeQuery("SELECT object, nrrangenr, fromnumber, tonumber, nrlevel FROM nriv")) {
            while (rs.next()) {
                found.put(
                        rs.getString(1).trim() + "/" + rs.getString(2).trim(),
                        new long[] {rs.getLong(3), rs.getLong(4), rs.getLong(5)});
            }
        }
        for (NrivIntervals.Interval i : NrivIntervals.ALL) {
            long[] row = found.get(i.object() + "/" + i.range());
            if (row == null) {
                problems.add(problem("nriv: interval " + i.label() + " is missing"));
                continue;
            }
            if (row[0] != i.from() || row[1] != i.to()) {
                problems.add(problem("nriv: interval " + i.label() + " covers " + row[0] + ".." + row[1] + ", expected "
                        + i.from() + ".." + i.to()));
            }
            if (row[2] < row[0] - 1 || row[2] > row[1]) {
                problems.add(problem("nriv: interval " + i.label() + " has nrlevel " + row[2] + " outside ["
                        + (row[0] - 1) + ", " + row[1] + "]"));
            }
        }
    }

    private static void checkStock(Statement s, List<Problem> problems) throws SQLException {
        long mard = count(s, "SELECT COUNT(*) FROM mard WHERE labst < 0");
        if (mard > 0) {
            problems.add(problem("mard: " + mard + " storage locations have negative stock (labst < 0)"));
        }
        long mbew = count(s, "SELECT COUNT(*) FROM mbew WHERE lbkum < 0");
        if (mbew > 0) {
            problems.add(problem("mbew: " + mbew + " valuation records have negative stock (lbkum < 0)"));
        }
    }

    /** Every customer has at least the loaded history's orders, so VA05 lists a full page from the start. */
    private static void checkHistory(Statement s, List<Problem> problems) throws SQLException {
        long history = count(s, "SELECT COALESCE(MAX(history_orders), 0) FROM sdbench_load");
        long fewer = count(
                s,
                "SELECT COUNT(*) FROM kna1 k WHERE (SELECT COUNT(*) FROM vakpa p WHERE p.mandt = '" + MasterKeys.MANDT
                        + "' AND p.kunde = k.kunnr AND p.parvw = 'AG') < " + history);
        if (fewer > 0) {
            problems.add(problem(
                    "vakpa: " + fewer + " customers have fewer than the " + history + " orders of the loaded history"));
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Problem problem(String message) {
        return new Problem(NAME, message);
    }
}
