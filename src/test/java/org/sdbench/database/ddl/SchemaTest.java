package org.sdbench.database.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The neutral schema's reader: what it accepts, and one clear message for what it does not. */
class SchemaTest {
    private static final String DOCS = """
            tables:
            """
            + String.join(
                    "",
                    Schema.TEMPLATED.stream()
                            .map(
                                    t -> "  " + t + ":\n    key: [mandt, nr]\n    columns:\n"
                                            + "      - mandt varchar(3) default '100'\n      - nr varchar(10)\n      - f decimal(15,3) default 0\n")
                            .toList());

    private static Schema parse(String master) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("1-master.yaml", master);
        files.put("2-mixed.yaml", DOCS);
        files.put("3-insert-only.yaml", "tables: {}\n");
        files.put("4-vb.yaml", "tables: {}\n");
        return Schema.parse(files);
    }

    private static String error(String master) {
        return assertThrows(IllegalArgumentException.class, () -> parse(master)).getMessage();
    }

    @Test
    void parse_allColumnForms_readAsWritten() {
        Schema s = parse("""
                tables:
                  t:  # comment
                    key: [a]
                    columns:
                      - a   bigint identity
                      - b   timestamp null        # nullable
                      - c   date default current_date
                      - d   char(1) default ' '
                      - e   blob
                    checks:
                      t_c: d <> 'X'
                    indexes:
                      t_b: [b desc, c]
                """);
        Table t = s.table("t");
        assertEquals("master", t.category());
        assertEquals(List.of("a", "b", "c", "d", "e"), t.columnNames());
        assertTrue(t.column("a").identity());
        assertTrue(t.column("b").nullable());
        assertEquals("current_date", t.column("c").defaultValue());
        assertEquals("' '", t.column("d").defaultValue());
        assertEquals(ColumnType.Kind.BLOB, t.column("e").type().kind());
        assertEquals(List.of(new Index("t_b", List.of("b desc", "c"))), t.indexes());
        assertEquals(List.of(new Check("t_c", "d <> 'X'")), t.checks());
        assertEquals(List.of("c", "d"), t.sapFields().stream().map(Column::name).toList());
    }

    @Test
    void parse_templates_lastInMasterWithIdAndTheSapFields() {
        Schema s = parse("tables:\n  m:\n    columns:\n      - x integer\n");
        List<String> master = s.tables("master").stream().map(Table::name).toList();
        assertEquals("m", master.get(0));
        assertEquals(Schema.TEMPLATE_PREFIX + "cdpos", master.get(master.size() - 1));
        Table vbak = s.table(Schema.TEMPLATE_PREFIX + "vbak");
        assertEquals(List.of("id", "f"), vbak.columnNames());
        assertEquals(List.of("id"), vbak.key());
    }

    @Test
    void parse_badInput_oneMessageNamingFileTableAndWhat() {
        assertTrue(
                error("tables:\n  t:\n    columns:\n      - a varchar2(10)\n")
                        .contains("1-master.yaml: table t: type 'varchar2(10)' is not one of varchar(n)"),
                error("tables:\n  t:\n    columns:\n      - a varchar2(10)\n"));
        assertTrue(error("tables:\n  t:\n    colums:\n      - a integer\n").contains("unknown key 'colums'"));
        assertTrue(error("tables:\n  t:\n    key: [b]\n    columns:\n      - a integer\n")
                .contains("key column b is not a column"));
        assertTrue(error("tables:\n  t:\n    columns:\n      - a integer\n      - a integer\n")
                .contains("column a twice"));
        assertTrue(error("tables:\n  t:\n    columns:\n      - a varchar(3) default now()\n")
                .contains("default now()"));
        assertTrue(
                error("tables:\n  t:\n    columns:\n      - a decimal(3,4)\n").contains("scale 4"));
        assertTrue(
                error("tables:\n  vbak:\n    columns:\n      - a integer\n").contains("table vbak is declared twice"));
        assertTrue(error("tables:\n  t:\n    columns:\n      - a integer\n  t:\n    columns:\n      - b integer\n")
                .contains("Duplicate field 't'"));
    }

    @Test
    void standard_everyTableHasColumnsAndSapTablesStartWithTheClient() {
        Schema s = Schema.standard();
        assertTrue(s.tables().size() > 60, "tables: " + s.tables().size());
        for (Table t : s.tables()) {
            if (t.key().contains("mandt")) {
                assertEquals("mandt", t.columns().get(0).name(), t.name());
                assertEquals("mandt", t.key().get(0), t.name());
            }
        }
    }
}
