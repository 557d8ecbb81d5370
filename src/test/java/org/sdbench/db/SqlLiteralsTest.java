package org.sdbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlLiteralsTest {
    @Test
    void inline_placeholdersOutsideQuotes_replacedByTypedLiterals() {
        String sql = "SELECT 'a?b', \"odd?col\" FROM t WHERE k = ? AND n = ? AND d = ? AND b = ? AND x IS ? AND i = ?";
        String out = SqlLiterals.inline(sql, new Object[] {"O'Brien", 7L, new BigDecimal("1.50"), new byte[] {0, (byte) 0xff},
                null, 3});
        assertEquals("SELECT 'a?b', \"odd?col\" FROM t WHERE k = 'O''Brien'::varchar AND n = 7::int8 AND d = 1.50::numeric "
                + "AND b = '\\x00ff'::bytea AND x IS NULL AND i = 3", out);
    }

    @Test
    void inline_multiStatementText_semicolonsKeptInOneRoundTrip() {
        assertEquals("SELECT 1 FROM a WHERE k = 'x;y'::varchar \\;\nSELECT 2",
                SqlLiterals.inline("SELECT 1 FROM a WHERE k = ?;\nSELECT 2",
                new Object[] {"x;y"}));
    }

    @Test
    void inline_morePlaceholdersThanParameters_refused() {
        assertThrows(IllegalArgumentException.class, () -> SqlLiterals.inline("SELECT ?, ?", new Object[] {1}));
    }

    @Test
    void batch_singleRowInsert_oneMultiRowInsertAsPgjdbcRewritesIt() {
        String out = SqlLiterals.batch("INSERT INTO t (a, b) VALUES (?, ?)", List.of(new Object[] {1, "x"},
                new Object[] {2, "y"}));
        assertEquals("INSERT INTO t (a, b) VALUES (1, 'x'::varchar), (2, 'y'::varchar)", out);
    }

    @Test
    void batch_update_statementsJoinedIntoOneRoundTrip() {
        String out = SqlLiterals.batch("UPDATE t SET b = ? WHERE a = ?", List.of(new Object[] {"x", 1},
                new Object[] {"y", 2}));
        assertEquals("UPDATE t SET b = 'x'::varchar WHERE a = 1 \\; UPDATE t SET b = 'y'::varchar WHERE a = 2", out);
    }
}
