package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;
import org.sdbench.database.check.MasterDataAudit;
import org.sdbench.database.check.RunConsistencyAudit;

/** A sweep's reset removes what runs wrote and leaves exactly the loaded order history. */
class TransactionalResetTest {
    private static final String SCHEMA = "it_reset_history";
    private static final List<String> CHECKED = new ArrayList<>(TransactionalReset.DOCUMENT_TABLES);

    static {
        CHECKED.addAll(List.of("mard", "mbew"));
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void reset_afterRunDocuments_restoresTheLoadedHistory() throws Exception {
        SdbenchConfig cfg = TestDb.config(SCHEMA, "run.users=2", "workload.listLength=3", "load.threads=2");
        try (Database db = TestDb.open(cfg)) {
            new SchemaInstaller(db).install(cfg.database().tablespaces(), true);
            new MasterDataLoader(MasterDataSpec.of(cfg, LocalDateTime.of(2025, 1, 1, 0, 0), "test"), 2, null).load(db);
            String loaded = digest(db);
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                writeRunDocuments(s);
            }
            assertNotEquals(loaded, digest(db));

            new TransactionalReset(db).reset();

            assertEquals(loaded, digest(db));
            assertEquals(List.of(), new MasterDataAudit().run(db));
            assertEquals(List.of(), new RunConsistencyAudit().run(db));
        }
    }

    /** One loop's documents as a run writes them, numbered above the history, with its goods issue taken from stock. */
    static void writeRunDocuments(Statement s) throws SQLException {
        String matnr = "M000000001-0001";
        s.executeUpdate("INSERT INTO vbak (vbeln, user_no, erdat, auart, vkorg, kunnr, knumv, netwr, waerk) VALUES "
                + "('0000500000', 1, now(), 'OR', '1000', '0000001001', '0000900000', 10, 'EUR')");
        s.executeUpdate("INSERT INTO vbap (vbeln, posnr, matnr, werks, kwmeng, netwr, arktx) VALUES "
                + "('0000500000', 10, '" + matnr + "', 'P001', 7, 10, 'x')");
        s.executeUpdate(
                "INSERT INTO vbep (vbeln, posnr, etenr, edatu, wmeng, bmeng) VALUES ('0000500000', 10, 1, now(), 7, 7)");
        s.executeUpdate(
                "INSERT INTO vbup (vbeln, posnr, gbsta, lfsta, wbsta, fksta) VALUES ('0000500000', 10, 'C', 'C', 'C', 'C')");
        s.executeUpdate(
                "INSERT INTO vakpa (kunde, parvw, vbeln, audat) VALUES ('0000001001', 'AG', '0000500000', now())");
        s.executeUpdate(
                "INSERT INTO konv (knumv, kposn, stunr, kschl, kbetr, kwert) VALUES ('0000900000', 10, 10, 'PR00', 1, 10)");
        s.executeUpdate("INSERT INTO likp (vbeln, user_no, lfart, kunnr, erdat, wadat_ist, wbstk) VALUES "
                + "('0080500000', 1, 'LF', '0000001001', now(), now(), 'C')");
        s.executeUpdate("INSERT INTO lips (vbeln, posnr, vgbel, vgpos, matnr, werks, lgort, lfimg, pikmg) VALUES "
                + "('0080500000', 10, '0000500000', 10, '" + matnr + "', 'P001', '0001', 7, 7)");
        s.executeUpdate("INSERT INTO vbrk (vbeln, user_no, fkart, kunrg, fkdat, knumv, netwr, belnr) VALUES "
                + "('0090500000', 1, 'F2', '0000001001', now(), '0000900001', 10, '0100900000')");
        s.executeUpdate("INSERT INTO vbrp (vbeln, posnr, vgbel, vgpos, aubel, matnr, fkimg, netwr) VALUES "
                + "('0090500000', 10, '0080500000', 10, '0000500000', '" + matnr + "', 7, 10)");
        for (String v : List.of("0000500000", "0080500000", "0090500000")) {
            s.executeUpdate(
                    "INSERT INTO vbuk (vbeln, gbstk, lfstk, wbstk, fkstk) VALUES ('" + v + "', 'C', 'C', 'C', 'C')");
        }
        s.executeUpdate("INSERT INTO vbfa (vbelv, posnv, vbeln, posnn, vbtyp_n, rfmng, erdat) VALUES "
                + "('0000500000', 10, '0080500000', 10, 'J', 7, now()), ('0080500000', 10, '4900500000', 10, 'R', 7, now()),"
                + " ('0080500000', 10, '0090500000', 10, 'M', 7, now())");
        s.executeUpdate(
                "INSERT INTO mkpf (mblnr, mjahr, budat, xblnr) VALUES ('4900500000', 2025, now(), '0080500000')");
        s.executeUpdate("INSERT INTO mseg (mblnr, mjahr, zeile, bwart, matnr, werks, lgort, menge, dmbtr) VALUES "
                + "('4900500000', 2025, 10, '601', '" + matnr + "', 'P001', '0001', 7, 4.20)");
        s.executeUpdate("UPDATE mard SET labst = labst - 7 WHERE matnr = '" + matnr + "'");
        s.executeUpdate("UPDATE mbew SET lbkum = lbkum - 7, salk3 = salk3 - 4.20 WHERE matnr = '" + matnr + "'");
        s.executeUpdate("INSERT INTO bkpf (bukrs, belnr, gjahr, blart, budat, awkey) VALUES "
                + "('1000', '0100900000', 2025, 'RV', now(), '0090500000')");
        s.executeUpdate("INSERT INTO bseg (bukrs, belnr, gjahr, buzei, koart, shkzg, hkont, dmbtr) VALUES "
                + "('1000', '0100900000', 2025, 1, 'D', 'S', '0000001001', 11.90)");
        s.executeUpdate("INSERT INTO cdhdr (objectclas, objectid, changenr, username, udate, tcode) VALUES "
                + "('LIEFERUNG', '0080500000', '0000900000', 'SD00001', now(), 'VL02N')");
        s.executeUpdate(
                "INSERT INTO cdpos (objectclas, objectid, changenr, tabname, tabkey, fname, value_new, value_old)"
                        + " VALUES ('LIEFERUNG', '0080500000', '0000900000', 'LIPS', '008050000010', 'PIKMG', '7', '0')");
        s.executeUpdate("INSERT INTO s001 (kunnr, matnr, spmon, umsatz, menge) VALUES ('0000001001', '" + matnr
                + "', '202501', 10, 7)");
    }

    /** Row count and an order-independent hash of every document table and of stock and valuation. */
    private static String digest(Database db) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            for (String t : CHECKED) {
                try (var rs = s.executeQuery("SELECT COUNT(*), SUM(hashtext(t::text)::bigint) FROM " + t + " t")) {
                    rs.next();
                    sb.append(t)
                            .append('=')
                            .append(rs.getLong(1))
                            .append(':')
                            .append(rs.getLong(2))
                            .append(' ');
                }
            }
        }
        return sb.toString();
    }
}
