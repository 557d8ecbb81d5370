package org.sdbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.sdbench.db.SchemaInstaller;

/** The template tables the installer derives hold exactly the SAP fields FillTable copies, in both dialects. */
class FillTableDdlTest {
    private static final Pattern CREATE_TABLE = Pattern.compile("(?is)^CREATE\\s+TABLE\\s+(\\w+)\\s*\\(");

    private static String documentDdl(String dbms, String table) throws Exception {
        for (String file : List.of("2-mixed", "3-insert-only")) {
            for (String stmt : SchemaInstaller.split(Files.readString(Path.of("schemas", dbms, file + ".sql"),
                    StandardCharsets.UTF_8))) {
                Matcher m = CREATE_TABLE.matcher(stmt);
                if (m.find() && m.group(1).equalsIgnoreCase(table)) {
                    return stmt;
                }
            }
        }
        throw new AssertionError("no DDL of " + table + " in " + dbms);
    }

    private static List<String> columns(String ddl) {
        List<String> out = new ArrayList<>();
        for (String line : ddl.split("\n")) {
            String l = line.strip();
            if (!l.isEmpty() && !l.startsWith("CREATE") && !l.startsWith("CONSTRAINT") && !l.startsWith(")")) {
                out.add(l.split("\\s+")[0].toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    @Test
    void templated_sameTablesAsFillTable_inOrder() {
        assertEquals(Arrays.stream(FillTable.values()).map(f -> f.name().toLowerCase(Locale.ROOT)).toList(),
                SchemaInstaller.TEMPLATED);
    }

    @Test
    void templateTable_eachDialect_idThenTheSapFieldsFillTableCopies() throws Exception {
        for (String dbms : List.of("postgresql", "db2")) {
            for (FillTable f : FillTable.values()) {
                String table = f.name().toLowerCase(Locale.ROOT);
                String ddl = SchemaInstaller.templateTable(table, documentDdl(dbms, table));
                assertTrue(ddl.startsWith("CREATE TABLE " + f.tableName() + " ("), ddl);
                assertTrue(ddl.endsWith("PRIMARY KEY (id)\n)"), ddl);
                List<String> expected = new ArrayList<>(List.of("id"));
                expected.addAll(f.fields());
                assertEquals(expected, columns(ddl), dbms + " " + f.tableName());
                assertTrue(!f.fields().isEmpty(), f.tableName() + " has no SAP fields");
            }
        }
    }
}
