package org.sdbench.database.check;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.database.Database;

/**
 * Proves, after any run, that the business documents are whole and consistent: no update request
 * lost or failed, no document number issued twice, every invoiced loop complete, stock down by
 * exactly what was issued, sales statistics equal to what was ordered. Each query counts violations;
 * zero means the claim holds. Lookups go through the primary keys (client first), so the audit
 * stays fast on a loaded order history.
 */
public final class RunConsistencyAudit implements Audit {
    private record Claim(String sql, String problem) {}

    private static final List<Claim> CLAIMS = List.of(
            new Claim(
                    "SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'P'",
                    "%d update requests still pending in VBHDR (the next run processes them first, or 'sdbench check --repost' now)"),
            new Claim("SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'E'", "%d update requests failed (VBHDR state E)"),
            new Claim(
                    "SELECT COUNT(*) FROM vbmod m WHERE NOT EXISTS (SELECT 1 FROM vbhdr h WHERE h.vbkey = m.vbkey)",
                    "%d update modules (VBMOD) without their request header"),
            new Claim(
                    "SELECT COUNT(*) FROM (SELECT vbeln FROM vbak INTERSECT SELECT vbeln FROM likp"
                            + " UNION ALL SELECT vbeln FROM vbak INTERSECT SELECT vbeln FROM vbrk"
                            + " UNION ALL SELECT vbeln FROM likp INTERSECT SELECT vbeln FROM vbrk) d",
                    "%d document numbers used by two different document types"),
            new Claim(
                    "SELECT COUNT(*) FROM vbak k WHERE NOT EXISTS (SELECT 1 FROM vbap p WHERE p.mandt = k.mandt AND p.vbeln = k.vbeln)"
                            + " OR NOT EXISTS (SELECT 1 FROM vbuk u WHERE u.mandt = k.mandt AND u.vbeln = k.vbeln)"
                            + " OR NOT EXISTS (SELECT 1 FROM konv c WHERE c.mandt = k.mandt AND c.knumv = k.knumv)"
                            + " OR NOT EXISTS (SELECT 1 FROM vakpa a WHERE a.mandt = k.mandt AND a.kunde = k.kunnr AND a.vbeln = k.vbeln)",
                    "%d orders without items, status, conditions or partner index"),
            new Claim(
                    "SELECT COUNT(*) FROM vbap p WHERE NOT EXISTS (SELECT 1 FROM vbep e WHERE e.mandt = p.mandt AND e.vbeln = p.vbeln AND e.posnr = p.posnr)"
                            + " OR NOT EXISTS (SELECT 1 FROM vbup u WHERE u.mandt = p.mandt AND u.vbeln = p.vbeln AND u.posnr = p.posnr)",
                    "%d order items without schedule line or item status"),
            new Claim(
                    "SELECT COUNT(*) FROM likp l WHERE NOT EXISTS (SELECT 1 FROM lips i WHERE i.mandt = l.mandt AND i.vbeln = l.vbeln)"
                            + " OR NOT EXISTS (SELECT 1 FROM lips i JOIN vbfa f ON f.mandt = i.mandt"
                            + " AND f.vbelv = i.vgbel AND f.posnv = i.vgpos AND f.vbeln = i.vbeln AND f.posnn = i.posnr"
                            + " WHERE i.mandt = l.mandt AND i.vbeln = l.vbeln AND f.vbtyp_n = 'J')",
                    "%d deliveries without items or document flow from their order"),
            new Claim(
                    "SELECT COUNT(*) FROM vbrk b WHERE"
                            + " (SELECT COUNT(*) FROM vbrp r WHERE r.mandt = b.mandt AND r.vbeln = b.vbeln)"
                            + " <> (SELECT COUNT(*) FROM vbap p WHERE p.mandt = b.mandt AND p.vbeln = (SELECT MIN(aubel) FROM vbrp r2"
                            + " WHERE r2.mandt = b.mandt AND r2.vbeln = b.vbeln))"
                            + " OR (SELECT COUNT(*) FROM vbrp r WHERE r.mandt = b.mandt AND r.vbeln = b.vbeln) = 0",
                    "%d invoices whose items do not match their order's items"),
            new Claim(
                    "SELECT COUNT(*) FROM vbrp r JOIN likp l ON l.mandt = r.mandt AND l.vbeln = r.vgbel WHERE r.posnr = 10 AND ("
                            + " l.wbstk <> 'C' OR NOT EXISTS (SELECT 1 FROM vbfa f JOIN mkpf m ON m.mandt = f.mandt AND m.mblnr = f.vbeln"
                            + " WHERE f.mandt = l.mandt AND f.vbelv = l.vbeln AND f.vbtyp_n = 'R' AND m.xblnr = l.vbeln)"
                            + " OR NOT EXISTS (SELECT 1 FROM vbfa f WHERE f.mandt = l.mandt AND f.vbelv = l.vbeln AND f.vbtyp_n = 'R')"
                            + " OR NOT EXISTS (SELECT 1 FROM vbfa f WHERE f.mandt = l.mandt AND f.vbelv = l.vbeln AND f.vbeln = r.vbeln AND f.vbtyp_n = 'M')"
                            + " OR NOT EXISTS (SELECT 1 FROM vbrk k JOIN bkpf a ON a.mandt = k.mandt AND a.bukrs = '1000'"
                            + " AND a.belnr = k.belnr WHERE k.mandt = r.mandt AND k.vbeln = r.vbeln AND a.awkey = r.vbeln))",
                    "%d invoiced loops without goods issue, material document, accounting document or document flow"),
            new Claim(
                    "SELECT COUNT(*) FROM mkpf m WHERE (SELECT COUNT(*) FROM mseg s WHERE s.mandt = m.mandt AND s.mblnr = m.mblnr AND s.mjahr = m.mjahr)"
                            + " <> (SELECT COUNT(*) FROM lips i WHERE i.mandt = m.mandt AND i.vbeln = m.xblnr)",
                    "%d material documents whose items do not match their delivery"),
            new Claim(
                    "SELECT COUNT(*) FROM mard d LEFT JOIN (SELECT mandt, matnr, werks, lgort, SUM(menge) AS issued FROM mseg"
                            + " GROUP BY mandt, matnr, werks, lgort) g ON g.mandt = d.mandt AND g.matnr = d.matnr AND g.werks = d.werks AND g.lgort = d.lgort"
                            + " WHERE d.labst <> (SELECT MAX(initial_stock) FROM sdbench_load) - COALESCE(g.issued, 0)",
                    "%d stock rows (MARD) not equal to the initial stock minus the goods issued"),
            new Claim(
                    "SELECT COUNT(*) FROM nriv n WHERE n.mandt = '100' AND n.object = 'RV_BELEG' AND n.nrrangenr = '01'"
                            + " AND n.nrlevel < (SELECT COALESCE(MAX(CAST(vbeln AS BIGINT)), 0) FROM vbak)",
                    "%d order number ranges whose level is below a number already used (numbers would repeat)"),
            new Claim(
                    "SELECT COUNT(*) FROM (SELECT kunnr, matnr, SUM(umsatz) AS umsatz, SUM(menge) AS menge FROM s001"
                            + " GROUP BY kunnr, matnr) s FULL OUTER JOIN (SELECT k.kunnr, p.matnr, SUM(p.netwr) AS netwr,"
                            + " SUM(p.kwmeng) AS kwmeng FROM vbak k JOIN vbap p ON p.mandt = k.mandt AND p.vbeln = k.vbeln"
                            // Every order counts, the loaded history's too ('sdbench load' writes its statistics).
                            + " GROUP BY k.kunnr, p.matnr) o"
                            + " ON o.kunnr = s.kunnr AND o.matnr = s.matnr"
                            + " WHERE s.kunnr IS NULL OR o.kunnr IS NULL OR s.umsatz <> o.netwr OR s.menge <> o.kwmeng",
                    "%d customer/material pairs whose sales statistics (S001) differ from the ordered quantities and values"
                            + " (a V2 update lost or applied twice)"),
            new Claim(
                    "SELECT COUNT(*) FROM vbbe b WHERE EXISTS (SELECT 1 FROM vbfa f WHERE f.mandt = b.mandt AND f.vbelv = b.vbeln"
                            + " AND f.posnv = b.posnr AND f.vbtyp_n = 'J')",
                    "%d requirements (VBBE) of delivered order items not consumed by their delivery"),
            new Claim(
                    "SELECT COUNT(*) FROM vbap p WHERE NOT EXISTS (SELECT 1 FROM vbfa f WHERE f.mandt = p.mandt AND f.vbelv = p.vbeln"
                            + " AND f.posnv = p.posnr AND f.vbtyp_n = 'J') AND NOT EXISTS (SELECT 1 FROM vbbe b WHERE b.mandt = p.mandt"
                            + " AND b.matnr = p.matnr AND b.werks = p.werks AND b.berid = p.werks AND b.vbeln = p.vbeln AND b.posnr = p.posnr)",
                    "%d undelivered order items without their requirement (VBBE): the availability check would not see them"),
            new Claim(
                    "SELECT (SELECT COUNT(*) FROM vbak k WHERE NOT EXISTS (SELECT 1 FROM nast n WHERE n.mandt = k.mandt AND n.kappl = 'V'"
                            + " AND n.objky = k.vbeln AND n.kschl = 'BA00'))"
                            + " + (SELECT COUNT(*) FROM likp l WHERE NOT EXISTS (SELECT 1 FROM nast n WHERE n.mandt = l.mandt AND n.kappl = 'V'"
                            + " AND n.objky = l.vbeln AND n.kschl = 'LD00'))"
                            + " + (SELECT COUNT(*) FROM vbrk r WHERE NOT EXISTS (SELECT 1 FROM nast n WHERE n.mandt = r.mandt AND n.kappl = 'V'"
                            + " AND n.objky = r.vbeln AND n.kschl = 'RD00')) FROM sdbench_load",
                    "%d orders, deliveries or invoices without their output (NAST BA00/LD00/RD00)"),
            new Claim(
                    "SELECT (SELECT COUNT(*) FROM vbak k WHERE NOT EXISTS (SELECT 1 FROM vbpa a WHERE a.mandt = k.mandt AND a.vbeln = k.vbeln"
                            + " AND a.posnr = 0 AND a.parvw = 'AG' AND a.kunnr = k.kunnr))"
                            + " + (SELECT COUNT(*) FROM vbrk r WHERE NOT EXISTS (SELECT 1 FROM vbpa a WHERE a.mandt = r.mandt AND a.vbeln = r.vbeln"
                            + " AND a.posnr = 0 AND a.parvw = 'RG')) FROM sdbench_load",
                    "%d orders or invoices without their partners (VBPA sold-to/payer)"));

    @Override
    public String name() {
        return "documents";
    }

    @Override
    public List<Problem> run(Database db) throws SQLException {
        List<Problem> problems = new ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            for (Claim claim : CLAIMS) {
                try (var rs = s.executeQuery(claim.sql())) {
                    rs.next();
                    long n = rs.getLong(1);
                    if (n > 0) {
                        problems.add(new Problem(name(), String.format(claim.problem(), n)));
                    }
                }
            }
            problems.addAll(failedRequests(c));
        }
        return problems;
    }

    /** Requests shown with their reasons, oldest first; the count above covers the rest. */
    static final int FAILED_SHOWN = 10;

    /** Each failed request (state E) with its modules and why it failed (VBHDR.VBREASON), one line each. */
    private List<Problem> failedRequests(Connection c) throws SQLException {
        List<Problem> lines = new ArrayList<>();
        try (var st = c.createStatement();
                var rs = st.executeQuery("SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'E'")) {
            // A schema without failed requests is not asked for VBREASON (one loaded before it existed).
            if (!rs.next() || rs.getLong(1) == 0) {
                return lines;
            }
        }
        try (var st = c.prepareStatement(
                        "SELECT vbkey, vbtcode, vbusr, instance, vbreason FROM vbhdr WHERE vbstate = 'E'"
                                + " ORDER BY vbdate, vbkey");
                var mods = c.prepareStatement("SELECT vbfunc FROM vbmod WHERE vbkey = ? ORDER BY vbmodcnt")) {
            st.setMaxRows(FAILED_SHOWN);
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    String key = rs.getString(1);
                    mods.setString(1, key);
                    List<String> modules = new ArrayList<>();
                    try (var m = mods.executeQuery()) {
                        while (m.next()) {
                            modules.add(m.getString(1));
                        }
                    }
                    String reason = rs.getString(5);
                    lines.add(new Problem(
                            name(),
                            String.format(
                                    "update request %s (%s, user %s, instance %d, modules %s) failed: %s",
                                    key,
                                    rs.getString(2).strip(),
                                    rs.getString(3).strip(),
                                    rs.getInt(4),
                                    modules.isEmpty() ? "none" : String.join(" + ", modules),
                                    reason == null
                                            ? "no reason recorded (marked by an sdbench before VBREASON)"
                                            : reason.replaceAll("\\s+", " ").strip())));
                }
            }
        }
        return lines;
    }
}
