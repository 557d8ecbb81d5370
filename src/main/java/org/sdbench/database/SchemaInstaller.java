package org.sdbench.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.sdbench.config.Tablespaces;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.ddl.DdlGenerator;
import org.sdbench.database.ddl.Schema;
import org.sdbench.database.ddl.Table;

/** Creates, checks and drops the SD schema, generated for the database's dialect from the neutral schema in {@code schemas/}. */
public final class SchemaInstaller {
    /** Table categories in creation order, as in the file names {@code N-category.yaml}. */
    public static final List<String> CATEGORIES = Schema.CATEGORIES;

    private static final Pattern CREATE_TABLE = Pattern.compile("(?i)^\\s*CREATE\\s+TABLE\\s+(\\w+)");
    private static final Pattern CREATE_INDEX = Pattern.compile("(?i)^\\s*CREATE\\s+(UNIQUE\\s+)?INDEX\\b");

    /** See {@link Schema#TEMPLATED}. */
    public static final List<String> TEMPLATED = Schema.TEMPLATED;

    public static final String TEMPLATE_PREFIX = Schema.TEMPLATE_PREFIX;

    /**
     * The table a load creates when it starts and drops when it finished (load.LoadMarker): while it
     * exists, the schema holds an incomplete load. Not part of the schema's DDL, and not foreign to it.
     */
    public static final String LOAD_MARKER = "sdbench_load_incomplete";

    private final Database db;

    public SchemaInstaller(Database db) {
        this.db = db;
    }

    /**
     * DDL statements per category. The template tables come last in the master category, derived
     * from their document tables so that the SAP-field columns have one source.
     */
    public Map<String, List<String>> statements() {
        return statements(db.dialect());
    }

    /** {@link #statements()} in {@code dialect}. */
    public static Map<String, List<String>> statements(Dialect dialect) {
        return new DdlGenerator(dialect).statements(Schema.standard());
    }

    /** Every table the DDL creates, in creation order. */
    public List<String> tables() {
        return Schema.standard().tables().stream().map(Table::name).toList();
    }

    /** Tables of the expected set that exist in the schema. */
    public List<String> existingTables(Connection c) throws SQLException {
        List<String> found = new ArrayList<>();
        try (var rs = c.getMetaData().getTables(null, schemaPattern(c), "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                found.add(rs.getString("TABLE_NAME").toLowerCase());
            }
        }
        return tables().stream().filter(found::contains).toList();
    }

    /**
     * Tables, views, sequences, functions and the like in the schema that the DDL did not create
     * (indexes go with their tables): what --recreate would destroy that is not sdbench's.
     */
    public List<String> foreignObjects(Connection c) throws SQLException {
        Set<String> ours = new HashSet<>(tables());
        ours.add(LOAD_MARKER);
        List<String> foreign = new ArrayList<>();
        try (var rs = c.getMetaData().getTables(null, schemaPattern(c), "%", null)) {
            while (rs.next()) {
                String type = String.valueOf(rs.getString("TABLE_TYPE")).toLowerCase(Locale.ROOT);
                String name = rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
                if (!type.contains("index")
                        && !ours.contains(name)
                        && !(type.contains("sequence") && ownSequence(ours, name))) {
                    foreign.add(name + " (" + type + ")");
                }
            }
        }
        try (var rs = c.getMetaData().getFunctions(null, schemaPattern(c), "%")) {
            while (rs.next()) {
                foreign.add(rs.getString("FUNCTION_NAME").toLowerCase(Locale.ROOT) + " (function)");
            }
        }
        return foreign;
    }

    /** A serial or identity column's sequence, named {@code <table>_<column>_seq} by PostgreSQL. */
    private static boolean ownSequence(Set<String> ours, String name) {
        return name.endsWith("_seq") && ours.stream().anyMatch(t -> name.startsWith(t + "_"));
    }

    private String schemaPattern(Connection c) throws SQLException {
        return c.getMetaData().storesUpperCaseIdentifiers() ? db.schema().toUpperCase() : db.schema();
    }

    /**
     * Creates the schema. Refuses to touch a schema that already holds SD tables unless
     * {@code recreate}, in which case everything in it is dropped first.
     */
    public void install(Tablespaces tablespaces, boolean recreate) {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            List<String> existing = existingTables(c);
            if (!existing.isEmpty() && !recreate) {
                throw new EnvironmentException(
                        "schema '" + db.schema() + "' in " + db.describe() + " already holds " + existing.size()
                                + " SD tables: add --recreate to drop and reload it, or use another database.schema");
            }
            if (!existing.isEmpty()) {
                List<String> foreign = foreignObjects(c);
                if (!foreign.isEmpty()) {
                    throw new EnvironmentException("refusing to drop schema '" + db.schema() + "' in " + db.describe()
                            + ": it also holds " + foreign.size() + " objects sdbench did not create ("
                            + String.join(", ", foreign.subList(0, Math.min(5, foreign.size())))
                            + (foreign.size() > 5 ? ", ..." : "")
                            + "); give sdbench a schema of its own (database.schema)");
                }
            }
            if (db.dialect().supportsCopy()) {
                // A session holding a lock on the old schema's tables would stall the drop until the socket timeout.
                s.execute("SET lock_timeout = " + db.config().timeouts().lock().toMillis());
            }
            // One transaction: a failing statement (a missing tablespace, say) leaves no half-built schema behind.
            c.setAutoCommit(false);
            if (!existing.isEmpty()) {
                s.execute(db.dialect().dropSchemaSql(db.schema()));
            }
            s.execute(db.dialect().createSchemaSql(db.schema()));
            Map<String, String> placement = tablespaces.mapped();
            for (var e : statements().entrySet()) {
                String ts = placement.get(e.getKey());
                for (String stmt : e.getValue()) {
                    s.execute(ts == null ? stmt : stmt + clause(stmt, ts));
                }
            }
            c.commit();
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "creating the schema '" + db.schema() + "' in " + db.describe() + " failed: "
                            + SqlErrors.firstLine(e)
                            + (e.getMessage() != null && e.getMessage().contains("tablespace")
                                    ? " (create the tablespace first, or clear database.tablespaces)"
                                    : "")
                            + ("55P03".equals(e.getSQLState())
                                    ? " (another session held a lock on a table of the schema for longer than"
                                            + " database.timeouts.lock: end it, then load again)"
                                    : ""),
                    e);
        }
    }

    private String clause(String stmt, String tablespace) {
        if (CREATE_TABLE.matcher(stmt).find()) {
            return db.dialect().tablespaceClause(tablespace, false);
        }
        return CREATE_INDEX.matcher(stmt).find() ? db.dialect().tablespaceClause(tablespace, true) : "";
    }

    /** Environment error naming the missing tables, unless the whole schema is there. */
    public void requireInstalled() {
        try (Connection c = db.connect()) {
            List<String> have = existingTables(c);
            List<String> missing =
                    tables().stream().filter(t -> !have.contains(t)).toList();
            if (!missing.isEmpty()) {
                throw new EnvironmentException("schema '" + db.schema() + "' in " + db.describe()
                        + (have.isEmpty() ? " has no SD tables" : " lacks tables " + missing)
                        + ": run './sdbench load --users N' first");
            }
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "reading the schema of " + db.describe() + " failed: " + SqlErrors.firstLine(e), e);
        }
    }
}
