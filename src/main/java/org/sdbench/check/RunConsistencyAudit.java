package org.sdbench.check;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.db.Database;

/**
 * Proves, after any run, that the business documents are whole and consistent: no update request
 * lost or failed, no document number issued twice, every invoiced loop complete, stock down by
 * exactly what was issued, sales statistics equal to what was ordered. Each query counts violations; zero means the claim holds.
 */
public final class RunConsistencyAudit implements Audit {
    private record Claim(String sql, String problem) {
    }

    private static final List<Claim> CLAIMS = List.of(
            new Claim("SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'P'",
                    "%d update requests still pending in VBHDR (the next run processes them first)"),
            new Claim("SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'E'", "%d update requests failed (VBHDR state E)"),
            new Claim("SELECT COUNT(*) FROM vbmod m WHERE NOT EXISTS (SELECT 1 FROM vbhdr h WHERE h.vbkey = m.vbkey)",
                    "%d update modules (VBMOD) without their request header"),
            new Claim("SELECT COUNT(*) FROM (SELECT vbeln FROM vbak INTERSECT SELECT vbeln FROM likp"
                    + " UNION ALL SELECT vbeln FROM vbak INTERSECT SELECT vbeln FROM vbrk"
                    + " UNION ALL SELECT vbeln FROM likp INTERSECT SELECT vbeln FROM vbrk) d",
                    "%d document numbers used by two different document types"),
            new Claim("SELECT COUNT(*) FROM vbak k WHERE NOT EXISTS (SELECT 1 FROM vbap p WHERE p.vbeln = k.vbeln)"
                    + " OR NOT EXISTS (SELECT 1 FROM vbuk u WHERE u.vbeln = k.vbeln)"
                    + " OR NOT EXISTS (SELECT 1 FROM konv c WHERE c.knumv = k.knumv)"
                    + " OR NOT EXISTS (SELECT 1 FROM vakpa a WHERE a.vbeln = k.vbeln)",
                    "%d orders without items, status, conditions or partner index"),
            new Claim("SELECT COUNT(*) FROM vbap p WHERE NOT EXISTS (SELECT 1 FROM vbep e WHERE e.vbeln = p.vbeln AND e.posnr = p.posnr)"
                    + " OR NOT EXISTS (SELECT 1 FROM vbup u WHERE u.vbeln = p.vbeln AND u.posnr = p.posnr)",
                    "%d order items without schedule line or item status"),
            new Claim("SELECT COUNT(*) FROM likp l WHERE NOT EXISTS (SELECT 1 FROM lips i WHERE i.vbeln = l.vbeln)"
                    + " OR NOT EXISTS (SELECT 1 FROM vbfa f WHERE f.vbeln = l.vbeln AND f.vbtyp_n = 'J')",
                    "%d deliveries without items or document flow from their order"),
            new Claim("SELECT COUNT(*) FROM vbrk b WHERE"
                    + " (SELECT COUNT(*) FROM vbrp r WHERE r.vbeln = b.vbeln)"
                    + " <> (SELECT COUNT(*) FROM vbap p WHERE p.vbeln = (SELECT MIN(aubel) FROM vbrp r2 WHERE r2.vbeln = b.vbeln))"
                    + " OR (SELECT COUNT(*) FROM vbrp r WHERE r.vbeln = b.vbeln) = 0",
                    "%d invoices whose items do not match their order's items"),
            new Claim("SELECT COUNT(*) FROM vbrp r JOIN likp l ON l.vbeln = r.vgbel WHERE r.posnr = 10 AND ("
                    + " l.wbstk <> 'C' OR NOT EXISTS (SELECT 1 FROM mkpf m WHERE m.xblnr = l.vbeln)"
                    + " OR NOT EXISTS (SELECT 1 FROM vbfa f WHERE f.vbelv = l.vbeln AND f.vbtyp_n = 'R')"
                    + " OR NOT EXISTS (SELECT 1 FROM vbfa f WHERE f.vbelv = l.vbeln AND f.vbeln = r.vbeln AND f.vbtyp_n = 'M')"
                    + " OR NOT EXISTS (SELECT 1 FROM bkpf a WHERE a.awkey = r.vbeln))",
                    "%d invoiced loops without goods issue, material document, accounting document or document flow"),
            new Claim("SELECT COUNT(*) FROM mkpf m WHERE (SELECT COUNT(*) FROM mseg s WHERE s.mblnr = m.mblnr AND s.mjahr = m.mjahr)"
                    + " <> (SELECT COUNT(*) FROM lips i WHERE i.vbeln = m.xblnr)",
                    "%d material documents whose items do not match their delivery"),
            new Claim("SELECT COUNT(*) FROM mard d LEFT JOIN (SELECT matnr, werks, lgort, SUM(menge) AS issued FROM mseg"
                    + " GROUP BY matnr, werks, lgort) g ON g.matnr = d.matnr AND g.werks = d.werks AND g.lgort = d.lgort"
                    + " WHERE d.labst <> (SELECT MAX(initial_stock) FROM sdbench_load) - COALESCE(g.issued, 0)",
                    "%d stock rows (MARD) not equal to the initial stock minus the goods issued"),
            new Claim("SELECT COUNT(*) FROM nriv n WHERE n.object = 'RV_BELEG' AND n.nrrangenr = '01'"
                    + " AND n.nrlevel < (SELECT COALESCE(MAX(CAST(vbeln AS BIGINT)), 0) FROM vbak)",
                    "%d order number ranges whose level is below a number already used (numbers would repeat)"),
            new Claim("SELECT COUNT(*) FROM (SELECT kunnr, matnr, SUM(umsatz) AS umsatz, SUM(menge) AS menge FROM s001"
                    + " GROUP BY kunnr, matnr) s FULL OUTER JOIN (SELECT k.kunnr, p.matnr, SUM(p.netwr) AS netwr,"
                    + " SUM(p.kwmeng) AS kwmeng FROM vbak k JOIN vbap p ON p.vbeln = k.vbeln GROUP BY k.kunnr, p.matnr) o"
                    + " ON o.kunnr = s.kunnr AND o.matnr = s.matnr"
                    + " WHERE s.kunnr IS NULL OR o.kunnr IS NULL OR s.umsatz <> o.netwr OR s.menge <> o.kwmeng",
                    "%d customer/material pairs whose sales statistics (S001) differ from the ordered quantities and values"
                            + " (a V2 update lost or applied twice)"));

    @Override
    public String name() {
        return "documents";
    }

    @Override
    public List<Problem> run(Database db) throws SQLException {
        List<Problem> problems = new ArrayList<>();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            for (Claim claim : CLAIMS) {
                try (var rs = s.executeQuery(claim.sql())) {
                    rs.next();
                    long n = rs.getLong(1);
                    if (n > 0) {
                        problems.add(new Problem(name(), String.format(claim.problem(), n)));
                    }
                }
            }
        }
        return problems;
    }
}
