package org.sdbench.database.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlLiteralsTest {
    private static List<SqlLiterals.Param> params(Object... values) {
        return Arrays.stream(values).map(SqlLiterals.Param::of).toList();
    }

    @Test
    void inline_placeholdersOutsideQuotes_replacedByTypedLiterals() {
        String sql = "SELECT 'a?b', \"odd?col\" FROM t WHERE k = ? AND n = ? AND d = ? AND b = ? AND x IS ? AND i = ?";
        String out = SqlLiterals.inline(
                sql, params("O'Brien", 7L, new BigDecimal("1.50"), new byte[] {0, (byte) 0xff}, null, 3));
        assertEquals(
                "SELECT 'a?b', \"odd?col\" FROM t WHERE k = 'O''Brien'::varchar AND n = 7::int8 AND d = 1.50::numeric "
                        + "AND b = '\\x00ff'::bytea AND x IS NULL AND i = 3",
                out);
    }

    @Test
    void inline_morePlaceholdersThanParameters_refused() {
        assertThrows(IllegalArgumentException.class, () -> SqlLiterals.inline("SELECT ?, ?", params(1)));
    }

    @Test
    void executions_multiStatementText_oneExecutionPerStatementWithItsOwnParameters() {
        List<SqlLiterals.Execution> out = SqlLiterals.executions(
                "SELECT 1 FROM a WHERE k = ? AND s = 'x;?';\n"
                        + "SELECT 2 FROM b -- a comment; with ?\nWHERE m = ? AND n = ?",
                params("x;y", 1L, 2L));
        assertEquals(2, out.size());
        assertEquals("SELECT 1 FROM a WHERE k = ? AND s = 'x;?'", out.get(0).sql());
        assertEquals(params("x;y"), out.get(0).params());
        assertEquals(
                "SELECT 2 FROM b -- a comment; with ?\nWHERE m = ? AND n = ?",
                out.get(1).sql());
        assertEquals(params(1L, 2L), out.get(1).params());
    }

    @Test
    void executions_morePlaceholdersThanParameters_refused() {
        assertThrows(IllegalArgumentException.class, () -> SqlLiterals.executions("SELECT ?; SELECT ?", params(1)));
    }

    @Test
    void numbered_placeholdersOutsideQuotesAndComments_numberedFromOne() {
        assertEquals(
                "SELECT '?', $1 /* ? */ FROM t WHERE a = $2 AND \"c?\" = $3",
                SqlLiterals.numbered("SELECT '?', ? /* ? */ FROM t WHERE a = ? AND \"c?\" = ?"));
    }

    @Test
    void batch_singleRowInsert_powerOfTwoMultiRowInsertsAsPgjdbcRewritesIt() {
        List<List<SqlLiterals.Param>> rows = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            rows.add(params(i, "x" + i));
        }
        List<SqlLiterals.Execution> out = SqlLiterals.batch("INSERT INTO t (a, b) VALUES (?, ?)", rows);
        assertEquals(
                List.of(
                        "INSERT INTO t (a, b) VALUES (?, ?),(?, ?),(?, ?),(?, ?)",
                        "INSERT INTO t (a, b) VALUES (?, ?),(?, ?)",
                        "INSERT INTO t (a, b) VALUES (?, ?)"),
                out.stream().map(SqlLiterals.Execution::sql).toList());
        assertEquals(params(0, "x0", 1, "x1", 2, "x2", 3, "x3"), out.get(0).params());
        assertEquals(params(6, "x6"), out.get(2).params());
        assertEquals(
                "INSERT INTO t (a, b) VALUES (1, 'x'::varchar),(2, 'y'::varchar)",
                SqlLiterals.inline(
                        SqlLiterals.batch("INSERT INTO t (a, b) VALUES (?, ?)", List.of(params(1, "x"), params(2, "y")))
                                .get(0)
                                .sql(),
                        params(1, "x", 2, "y")));
    }

    @Test
    void batch_update_oneExecutionPerRow() {
        List<SqlLiterals.Execution> out =
                SqlLiterals.batch("UPDATE t SET b = ? WHERE a = ?", List.of(params("x", 1), params("y", 2)));
        assertEquals(2, out.size());
        assertEquals("UPDATE t SET b = ? WHERE a = ?", out.get(1).sql());
        assertEquals(params("y", 2), out.get(1).params());
    }

    @Test
    void param_ofValues_typesPgjdbcDeclaresForDbSessionsSetters() {
        assertEquals(
                List.of("varchar", "int4", "int8", "numeric", "bytea", "unknown", "unknown", "float8", "bool"),
                params(
                                "s",
                                1,
                                1L,
                                BigDecimal.ONE,
                                new byte[0],
                                null,
                                Timestamp.valueOf("2026-01-02 03:04:05"),
                                1.5,
                                true)
                        .stream()
                        .map(SqlLiterals.Param::type)
                        .toList());
    }

    @Test
    void text_values_quotedTextTheServerConvertsWithTheDeclaredType() {
        assertEquals(
                List.of("'O''Brien'", "'-7'", "'1.50'", "'\\x00ff'", "NULL", "'2026-01-02 03:04:05.0'", "'t'"),
                params(
                                "O'Brien",
                                -7L,
                                new BigDecimal("1.50"),
                                new byte[] {0, (byte) 0xff},
                                null,
                                Timestamp.valueOf("2026-01-02 03:04:05"),
                                true)
                        .stream()
                        .map(SqlLiterals::text)
                        .toList());
    }

    @Test
    void literal_typedNullAndShort_castAsPgjdbcDeclaredThem() {
        assertEquals("NULL::int8", SqlLiterals.literal(new SqlLiterals.Param(null, "int8")));
        assertEquals("5::int2", SqlLiterals.literal(SqlLiterals.Param.of((short) 5)));
        assertEquals("'NaN'::float8", SqlLiterals.literal(SqlLiterals.Param.of(Double.NaN)));
    }
}
