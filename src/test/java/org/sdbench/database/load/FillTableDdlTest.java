package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Db2Dialect;
import org.sdbench.database.Dialect;
import org.sdbench.database.PostgresDialect;
import org.sdbench.database.SchemaInstaller;

/** The template tables the installer creates hold exactly the SAP fields FillTable copies, in both dialects. */
class FillTableDdlTest {
    private static String ddl(Dialect dialect, String table) {
        return SchemaInstaller.statements(dialect).get("master").stream()
                .filter(s -> s.startsWith("CREATE TABLE " + table + " ("))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no DDL of " + table));
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
        assertEquals(
                Arrays.stream(FillTable.values())
                        .map(f -> f.name().toLowerCase(Locale.ROOT))
                        .toList(),
                SchemaInstaller.TEMPLATED);
    }

    @Test
    void templateTable_eachDialect_idThenTheSapFieldsFillTableCopies() {
        for (Dialect dialect : List.of(new PostgresDialect(), new Db2Dialect())) {
            for (FillTable f : FillTable.values()) {
                String ddl = ddl(dialect, f.tableName());
                assertTrue(ddl.endsWith("CONSTRAINT " + f.tableName() + "_pk PRIMARY KEY (id)\n)"), ddl);
                List<String> expected = new ArrayList<>(List.of("id"));
                expected.addAll(f.fields());
                assertEquals(expected, columns(ddl), dialect + " " + f.tableName());
                assertTrue(!f.fields().isEmpty(), f.tableName() + " has no SAP fields");
            }
        }
    }
}
