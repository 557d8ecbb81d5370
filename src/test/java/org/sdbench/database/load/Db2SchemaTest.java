package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Db2Dialect;
import org.sdbench.database.Dialect;
import org.sdbench.database.PostgresDialect;
import org.sdbench.database.SchemaInstaller;

/** The DB2 DDL, as generated for the installer, must create exactly the tables and columns of the PostgreSQL DDL. */
class Db2SchemaTest {
    private static final Pattern CREATE_TABLE = Pattern.compile("(?is)^CREATE\\s+TABLE\\s+(\\w+)\\s*\\((.*)\\)\\s*$");
    private static final Pattern CONSTRAINT =
            Pattern.compile("(?i)^(PRIMARY\\s+KEY|CONSTRAINT|UNIQUE|CHECK|FOREIGN)\\b.*");

    /** table -> column names, in order, for one DBMS folder. */
    private static Map<String, List<String>> tables(Dialect dbms, List<String> statementsOut) throws Exception {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (List<String> category : SchemaInstaller.statements(dbms).values()) {
            for (String stmt : category) {
                // Statistics settings are PostgreSQL's alone (DB2's RUNSTATS names its columns itself).
                if (stmt.startsWith("ALTER TABLE ")) {
                    continue;
                }
                statementsOut.add(stmt);
                Matcher m = CREATE_TABLE.matcher(stmt);
                if (!m.matches()) {
                    continue;
                }
                List<String> cols = new ArrayList<>();
                for (String def : topLevelCommaSplit(m.group(2))) {
                    String d = def.strip();
                    if (!d.isEmpty() && !CONSTRAINT.matcher(d).matches()) {
                        cols.add(d.split("\\s+")[0].toLowerCase(Locale.ROOT));
                    }
                }
                out.put(m.group(1).toLowerCase(Locale.ROOT), cols);
            }
        }
        return out;
    }

    private static List<String> topLevelCommaSplit(String s) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(s.substring(start));
        return parts;
    }

    @Test
    void db2Ddl_parsedBySchemaInstaller_sameTablesAndColumnsAsPostgresql() throws Exception {
        List<String> pgStatements = new ArrayList<>();
        List<String> db2Statements = new ArrayList<>();
        Map<String, List<String>> pg = tables(new PostgresDialect(), pgStatements);
        Map<String, List<String>> db2 = tables(new Db2Dialect(), db2Statements);
        assertFalse(pg.isEmpty());
        assertEquals(pg.keySet().stream().toList(), db2.keySet().stream().toList());
        for (var e : pg.entrySet()) {
            assertEquals(e.getValue(), db2.get(e.getKey()), "columns of " + e.getKey());
        }
        for (String s : db2Statements) {
            String u = s.toUpperCase(Locale.ROOT);
            assertFalse(u.contains("IF NOT EXISTS"), s);
            assertFalse(u.matches("(?s).*\\b(BYTEA|NUMERIC|TEXT|SERIAL|BOOLEAN)\\b.*"), "PostgreSQL type in: " + s);
        }
        assertEquals(pgStatements.size(), db2Statements.size(), "same number of tables and indexes");
        assertTrue(
                db2Statements.stream().anyMatch(s -> s.toUpperCase(Locale.ROOT).contains("BLOB")));
    }

    @Test
    void loadedTables_allExistInBothDdls_withLoaderColumns() throws Exception {
        Map<String, List<String>> pg = tables(new PostgresDialect(), new ArrayList<>());
        // A load writes every column but the client and the key fields with a default (NRIV's sub-object, year).
        for (LoadTable t : LoadTable.all()) {
            List<String> ddl = new ArrayList<>(pg.get(t.tableName()));
            // The load record and the templates of SAP fields are no SAP tables: no client.
            if (t != MasterTable.SDBENCH_LOAD && !(t instanceof FillTable)) {
                assertEquals("mandt", ddl.get(0), "client first in " + t.tableName());
                ddl.remove("mandt");
            }
            if (t == MasterTable.NRIV) {
                ddl.removeAll(List.of("subobject", "toyear"));
            }
            assertEquals(new HashSet<>(ddl), new HashSet<>(t.columns()), "columns of " + t.tableName());
            assertEquals(ddl.size(), t.columns().size(), "columns of " + t.tableName());
        }
    }
}
