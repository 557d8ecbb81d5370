package org.sdbench.database.check;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.database.Database;

/**
 * Finds documents posted twice: an order item delivered beyond its ordered quantity (by its delivery
 * items in LIPS or by its document flow to deliveries in VBFA), and a delivery item billed more than
 * once (by invoice items in VBRP or by its document flow to invoices in VBFA). Two loops that acted on
 * the same order, say two drivers whose users' locks excluded nothing between them, leave exactly
 * this behind, while each document on its own is whole. Each finding names the documents.
 */
public final class DoublePostingAudit implements Audit {
    public static final String NAME = "double-posting";

    /** Findings listed per kind; a count line covers the rest. */
    static final int SHOWN = 10;

    /** Per document item of one source: how much, how many follow-on documents, the first and last of them. */
    private static String followOn(String table, String key, String doc, String item, String qty, String where) {
        return "(SELECT mandt, " + key + " AS vbeln, " + item + " AS posnr, SUM(" + qty + ") AS qty, COUNT(*) AS n,"
                + " MIN(" + doc + ") AS first_doc, MAX(" + doc + ") AS last_doc FROM " + table + where
                + " GROUP BY mandt, " + key + ", " + item + ")";
    }

    /**
     * The document items ({@code items}, with their own quantity {@code had}) that the two sources of
     * follow-on documents ({@code a}: the item table, {@code f}: the document flow) find {@code when}.
     */
    private static String findings(String items, String had, String a, String f, String when) {
        return "SELECT d.vbeln, d.posnr, d." + had
                + ", a.qty, a.n, a.first_doc, a.last_doc, f.qty, f.n, f.first_doc, f.last_doc FROM " + items + " d"
                + " LEFT JOIN " + a + " a ON a.mandt = d.mandt AND a.vbeln = d.vbeln AND a.posnr = d.posnr"
                + " LEFT JOIN " + f + " f ON f.mandt = d.mandt AND f.vbeln = d.vbeln AND f.posnr = d.posnr"
                + " WHERE " + when + " ORDER BY d.vbeln, d.posnr";
    }

    private static final String OVER_DELIVERED = findings(
            "vbap",
            "kwmeng",
            followOn("lips", "vgbel", "vbeln", "vgpos", "lfimg", ""),
            followOn("vbfa", "vbelv", "vbeln", "posnv", "rfmng", " WHERE vbtyp_n = 'J'"),
            "a.qty > d.kwmeng OR f.qty > d.kwmeng");

    private static final String BILLED_TWICE = findings(
            "lips",
            "lfimg",
            followOn("vbrp", "vgbel", "vbeln", "vgpos", "fkimg", ""),
            followOn("vbfa", "vbelv", "vbeln", "posnv", "rfmng", " WHERE vbtyp_n = 'M'"),
            "a.n > 1 OR f.n > 1");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Problem> run(Database db) throws SQLException {
        List<Problem> problems = new ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            findings(
                    s,
                    OVER_DELIVERED,
                    "order",
                    "ordered",
                    "delivered beyond its ordered quantity",
                    "deliveries",
                    problems);
            findings(s, BILLED_TWICE, "delivery", "delivered", "billed more than once", "invoices", problems);
        }
        return problems;
    }

    /**
     * One line per document item the query returns (the first {@link #SHOWN}), then a count when there
     * are more: all rows are read, but only those found are returned, so a sound database costs one scan.
     */
    private void findings(
            Statement s, String sql, String document, String had, String what, String followOns, List<Problem> out)
            throws SQLException {
        long found = 0;
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                if (++found <= SHOWN) {
                    out.add(new Problem(
                            NAME,
                            String.format(
                                    "%s %s item %d %s (%s %s): %s; %s",
                                    document,
                                    rs.getString(1).strip(),
                                    rs.getInt(2),
                                    what,
                                    amount(rs.getBigDecimal(3)),
                                    had,
                                    source(rs, 4, document.equals("order") ? "LIPS" : "VBRP", followOns),
                                    source(rs, 8, "VBFA", followOns))));
                }
            }
        }
        if (found > SHOWN) {
            out.add(new Problem(NAME, found + " " + document + " items " + what + " in all (" + SHOWN + " listed)"));
        }
    }

    /** "LIPS 6 in 2 deliveries 0080000001 and 0080000002", from the columns qty, n, first, last at {@code at}. */
    private static String source(ResultSet rs, int at, String table, String followOns) throws SQLException {
        long n = rs.getLong(at + 1);
        if (rs.wasNull() || n == 0) {
            return table + " none";
        }
        String first = rs.getString(at + 2).strip();
        String last = rs.getString(at + 3).strip();
        String docs = first.equals(last) ? first : first + (n == 2 ? " and " : " ... ") + last;
        return table + " " + amount(rs.getBigDecimal(at)) + " in " + n + " items of " + followOns + " " + docs;
    }

    private static String amount(BigDecimal v) {
        return v == null ? "?" : v.stripTrailingZeros().toPlainString();
    }
}
