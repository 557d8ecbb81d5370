package org.sdbench.apptier.instance;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Numbers;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;
import org.sdbench.database.SqlErrors;

/**
 * A change to one field of one buffered customizing row, as a consultant makes it in SPRO: the
 * row is updated and the change recorded in DDLOG in the same transaction, so every app-server
 * instance, in-process or remote, drops the table from its buffer at its next synchronisation
 * ({@link BufferSync}). Keys and fields are checked against the table's real columns, so a typo
 * is one clear line, not an SQL error.
 */
public final class CustomizingChange {
    /** The customizing tables the dialog steps read through the table buffer (transaction/BufferedReads). */
    public static final List<String> BUFFERED_TABLES = List.of(
            "TVAK", "TVTA", "T001", "T001W", "TVST", "TVAP", "TVLK", "TVFK", "T683", "T683S", "T685A", "T006", "T156");

    /** What changed. @param key the key columns' values, joined by '/' */
    public record Result(String table, String key, String field, String oldValue, String newValue) {
        public String describe() {
            return String.format("%s '%s': %s '%s' -> '%s'", table, key, field, oldValue, newValue);
        }
    }

    private static final String CLIENT = "mandt";
    /** The client of every benchmark row (load/MasterKeys.MANDT). */
    private static final String CLIENT_VALUE = "100";

    private record Column(String name, int jdbcType, int size) {
        boolean numeric() {
            return switch (jdbcType) {
                case Types.INTEGER, Types.SMALLINT, Types.BIGINT, Types.NUMERIC, Types.DECIMAL -> true;
                default -> false;
            };
        }
    }

    private CustomizingChange() {}

    /** The table's name in upper case; refused unless it is one the table buffer serves. */
    public static String requireBuffered(String table) {
        String t = table == null ? "" : table.strip().toUpperCase(Locale.ROOT);
        if (!BUFFERED_TABLES.contains(t)) {
            throw new ConfigException("customizing table '" + table + "' is not allowed: one of " + BUFFERED_TABLES
                    + " (the tables the table buffer serves)");
        }
        return t;
    }

    /** The customizing command's change: one field of one row of a buffered table in the schema of {@code config}. */
    public static Result set(SdbenchConfig config, String table, String key, String field, String value) {
        requireBuffered(table);
        try (Database db = Database.open(config.database(), false)) {
            new SchemaInstaller(db).requireInstalled();
            try (Connection conn = db.connect()) {
                return apply(conn, db.schema(), table, key, field, value);
            } catch (SQLException e) {
                throw new EnvironmentException("could not change " + table + " in schema '" + db.schema() + "' of "
                        + db.describe() + ": " + SqlErrors.firstLine(e));
            }
        }
    }

    /**
     * Sets {@code field} of the row of {@code table} whose key columns (in primary-key order,
     * joined by '/') are {@code key}, and records the change in DDLOG; commits.
     *
     * @throws ConfigException for a table that is not buffered, an unknown field, a key of the
     *     wrong shape, a value that does not fit, or a key no row has
     */
    public static Result apply(Connection c, String schema, String table, String key, String field, String value)
            throws SQLException {
        String t = requireBuffered(table);
        Map<String, Column> columns = columns(c.getMetaData(), schema, t);
        List<String> keyColumns = keyColumns(c.getMetaData(), schema, t);
        if (columns.isEmpty() || keyColumns.isEmpty()) {
            throw new ConfigException("customizing table " + t + " is not in schema '" + schema
                    + "': load the data set first ('sdbench load')");
        }
        String[] keyParts = key == null ? new String[0] : key.split("/", -1);
        if (keyParts.length != keyColumns.size()) {
            throw new ConfigException("key '" + key + "' of " + t + " is not allowed: " + keyColumns.size()
                    + " value(s) for " + String.join("/", keyColumns).toUpperCase(Locale.ROOT) + ", separated by '/'");
        }
        String f = field == null ? "" : field.strip().toLowerCase(Locale.ROOT);
        Column col = columns.get(f);
        List<String> changeable = columns.keySet().stream()
                .filter(n -> !keyColumns.contains(n) && !n.equals(CLIENT))
                .toList();
        if (col == null || keyColumns.contains(f) || f.equals(CLIENT)) {
            throw new ConfigException("field '" + field + "' of " + t + " is not allowed: one of " + changeable
                    + (col == null ? "" : " (key fields identify the row and stay)"));
        }
        Object newValue = convert(t, col, value);
        String table0 = t.toLowerCase(Locale.ROOT);
        // The benchmark works in one client: the key a user gives leaves MANDT out, as SAP's SM30 does.
        StringBuilder where =
                new StringBuilder(columns.containsKey(CLIENT) ? " WHERE " + CLIENT + " = '" + CLIENT_VALUE + "'" : "");
        for (String k : keyColumns) {
            where.append(where.isEmpty() ? " WHERE " : " AND ").append(k).append(" = ?");
        }
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            String old;
            try (PreparedStatement ps = c.prepareStatement("SELECT " + f + " FROM " + table0 + where + " FOR UPDATE")) {
                bindKey(ps, t, columns, keyColumns, keyParts, 1);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new ConfigException("key '" + key + "' of " + t + " is not allowed: no such row ("
                                + String.join("/", keyColumns).toUpperCase(Locale.ROOT) + ")");
                    }
                    old = rs.getString(1);
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE " + table0 + " SET " + f + " = ?" + where)) {
                ps.setObject(1, newValue);
                bindKey(ps, t, columns, keyColumns, keyParts, 2);
                ps.executeUpdate();
            }
            BufferSync.logChange(c, t);
            c.commit();
            return new Result(t, key, f, old == null ? "" : old.strip(), value);
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    private static void bindKey(
            PreparedStatement ps,
            String table,
            Map<String, Column> columns,
            List<String> keyColumns,
            String[] parts,
            int first)
            throws SQLException {
        for (int i = 0; i < parts.length; i++) {
            Column k = columns.get(keyColumns.get(i));
            ps.setObject(first + i, k.numeric() ? number(table + "." + k.name(), parts[i]) : parts[i]);
        }
    }

    private static Object convert(String table, Column col, String value) {
        if (value == null) {
            throw new ConfigException("value of " + table + "." + col.name() + " is missing");
        }
        if (col.numeric()) {
            return number(table + "." + col.name(), value);
        }
        if (col.size() > 0 && value.length() > col.size()) {
            throw new ConfigException("value '" + value + "' of " + table + "." + col.name()
                    + " is not allowed: at most " + col.size() + " characters");
        }
        return value;
    }

    private static BigDecimal number(String what, String value) {
        if (!Numbers.isDecimal(value.strip())) {
            throw new ConfigException("value '" + value + "' of " + what + " is not allowed: " + Numbers.DECIMAL);
        }
        return new BigDecimal(value.strip());
    }

    /** Columns by lower-case name; the identifier case differs between PostgreSQL and DB2. */
    private static Map<String, Column> columns(DatabaseMetaData md, String schema, String table) throws SQLException {
        Map<String, Column> out = new TreeMap<>();
        for (String[] names : spellings(schema, table)) {
            try (ResultSet rs = md.getColumns(null, names[0], names[1], null)) {
                while (rs.next()) {
                    String n = rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT);
                    out.put(n, new Column(n, rs.getInt("DATA_TYPE"), rs.getInt("COLUMN_SIZE")));
                }
            }
            if (!out.isEmpty()) {
                break;
            }
        }
        return out;
    }

    private static List<String> keyColumns(DatabaseMetaData md, String schema, String table) throws SQLException {
        for (String[] names : spellings(schema, table)) {
            Map<Integer, String> bySeq = new TreeMap<>();
            try (ResultSet rs = md.getPrimaryKeys(null, names[0], names[1])) {
                while (rs.next()) {
                    bySeq.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                }
            }
            if (!bySeq.isEmpty()) {
                List<String> key = new ArrayList<>(bySeq.values());
                key.remove(CLIENT);
                return key;
            }
        }
        return List.of();
    }

    private static List<String[]> spellings(String schema, String table) {
        return List.of(
                new String[] {schema.toLowerCase(Locale.ROOT), table.toLowerCase(Locale.ROOT)},
                new String[] {schema.toUpperCase(Locale.ROOT), table.toUpperCase(Locale.ROOT)});
    }
}
