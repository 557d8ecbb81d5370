package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.sdbench.database.load.FillTable;

/** The DB2 form of the statements the application writes once: typed markers, kept update locks. */
class Db2StatementsTest {
    private final Db2Dialect db2 = new Db2Dialect();

    @Test
    void sql_insertSelectOfATemplate_castsEachMarkerAndNullToItsColumnsType() {
        String sql = FillTable.insert(
                "likp", "vbeln, user_no, lfart, kunnr, erdat, wadat_ist, wbstk", "?, ?, 'LF', ?, ?, NULL, 'A'");
        String out = db2.sql(sql);
        assertEquals(
                true, out.startsWith("INSERT INTO likp (vbeln, user_no, lfart, kunnr, erdat, wadat_ist, wbstk, "), out);
        assertEquals(
                true,
                out.contains(" SELECT CAST(? AS VARCHAR(10)), CAST(? AS INTEGER), 'LF', CAST(? AS VARCHAR(10)),"
                        + " CAST(? AS TIMESTAMP), CAST(NULL AS TIMESTAMP), 'A', f."),
                out);
        assertEquals(true, out.endsWith(" FROM sdbench_fill_likp f WHERE f.id = ?"), out);
    }

    @Test
    void sql_decimalAndCharColumns_castToTheSchemasPrecision() {
        String out = db2.sql(
                FillTable.insert("vbfa", "vbelv, posnv, vbeln, posnn, vbtyp_n, rfmng, erdat", "?, ?, ?, ?, ?, ?, ?"));
        assertEquals(true, out.contains("CAST(? AS CHAR(1)), CAST(? AS DECIMAL(15,3)), CAST(? AS TIMESTAMP)"), out);
    }

    @Test
    void sql_forUpdate_keepsTheUpdateLockUntilCommit() {
        assertEquals(
                "SELECT vbstate FROM vbhdr WHERE vbkey = ? FOR UPDATE WITH RS USE AND KEEP UPDATE LOCKS",
                db2.sql("SELECT vbstate FROM vbhdr WHERE vbkey = ? FOR UPDATE"));
    }

    @Test
    void sql_insertSelectForShare_castsMarkersAndKeepsTheShareLockUntilCommit() {
        String out = db2.sql("INSERT INTO vbhdr (vbkey, vbusr, vbtcode, vbdate, instance, vbstate)"
                + " SELECT ?, ?, ?, ?, ?, 'P' FROM sdbench_fence WHERE instance = ? AND epoch = ? FOR SHARE");
        assertEquals(
                "INSERT INTO vbhdr (vbkey, vbusr, vbtcode, vbdate, instance, vbstate) SELECT CAST(? AS VARCHAR(32)),"
                        + " CAST(? AS VARCHAR(12)), CAST(? AS VARCHAR(20)), CAST(? AS TIMESTAMP), CAST(? AS INTEGER), 'P'"
                        + " FROM sdbench_fence WHERE instance = ? AND epoch = ? WITH RS",
                out);
    }

    @Test
    void sql_otherStatements_unchanged() {
        for (String s : new String[] {
            "SELECT kunnr FROM kna1 WHERE mandt = '100' AND kunnr = ?",
            "INSERT INTO vbhdr (vbkey, vbusr) VALUES (?, ?)",
            "UPDATE mard SET labst = labst - ? WHERE matnr = ?",
            "INSERT INTO no_such_table (a) SELECT ? FROM sysibm.sysdummy1"
        }) {
            assertEquals(s, db2.sql(s));
        }
    }

    @Test
    void sql_postgresql_takesTheStatementAsWritten() {
        String sql = FillTable.insert("vbuk", "vbeln, gbstk, lfstk, wbstk, fkstk", "?, 'A', 'A', ' ', 'A'");
        assertEquals(sql, new PostgresDialect().sql(sql));
        assertEquals("SELECT 1 FROM t FOR UPDATE", new PostgresDialect().sql("SELECT 1 FROM t FOR UPDATE"));
    }

    @Test
    void sql_insertSelectWithMoreValuesThanColumns_saysSo() {
        assertThrows(IllegalArgumentException.class, () -> db2.sql("INSERT INTO vbuk (vbeln) SELECT ?, ? FROM vbak"));
    }
}
