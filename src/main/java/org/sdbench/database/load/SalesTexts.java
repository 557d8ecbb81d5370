package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import org.sdbench.core.MasterKeys;

/** The sales texts the load writes: a header (STXH) and lines (STXL) per customer, material and history order. */
final class SalesTexts {
    /** Text of the sales texts: words, sliced per line by a hash (no characters COPY escapes). */
    private static final String TEXT = text();

    private SalesTexts() {}

    /** The customer and material texts of user u: their headers ({@code header}) or their lines. */
    static void write(boolean header, MasterDataSpec s, int u, RowSink out) throws IOException, SQLException {
        for (int c = 1; c <= s.customersPerUser(); c++) {
            String kunnr = MasterKeys.kunnr(u, c);
            text(
                    header,
                    out,
                    SdMasterKeys.CUSTOMER_TEXT,
                    SdMasterKeys.customerTextName(kunnr),
                    "Customer " + kunnr,
                    u,
                    c,
                    SdMasterKeys.customerTextLines(c));
        }
        for (int m = 2; m <= s.materialsPerUser(); m += 2) {
            String matnr = MasterKeys.matnr(u, m);
            text(
                    header,
                    out,
                    SdMasterKeys.MATERIAL_TEXT,
                    SdMasterKeys.materialTextName(matnr),
                    "Material " + matnr,
                    u,
                    -m,
                    1);
        }
    }

    /** One text: its header (STXH) or its lines (STXL); the lines of an order text equal its customer's. */
    static void text(boolean header, RowSink out, String object, String name, String title, int u, int owner, int lines)
            throws IOException, SQLException {
        if (header) {
            out.text(object);
            out.text(name);
            out.text(SdMasterKeys.TEXT_ID);
            out.text(SdMasterKeys.LANGUAGE);
            out.text(title);
            out.integer(72);
            out.endRow();
            return;
        }
        for (int l = 0; l < lines; l++) {
            String line = textLine(u, owner, l);
            out.text(SdMasterKeys.TEXT_RELID);
            out.text(object);
            out.text(name);
            out.text(SdMasterKeys.TEXT_ID);
            out.text(SdMasterKeys.LANGUAGE);
            out.integer(l);
            out.integer(line.length());
            out.text(line);
            out.endRow();
        }
    }

    /** Line l of the text of owner (customer c, or material -m) of user u: 400 to 1,900 characters. */
    static String textLine(int u, int owner, int l) {
        long h = (u * 1_000_003L + owner) * 31 + l;
        h ^= h >>> 17;
        h *= 0x9E3779B97F4A7C15L;
        int len = 400 + (int) Math.floorMod(h, 1500L);
        int at = (int) Math.floorMod(h >>> 20, (long) (TEXT.length() - len));
        return TEXT.substring(at, at + len);
    }

    private static String text() {
        String[] words = {
            "deliver",
            "to",
            "the",
            "goods",
            "receiving",
            "dock",
            "between",
            "8",
            "and",
            "16",
            "hours",
            "pallets",
            "must",
            "not",
            "exceed",
            "1.2",
            "m",
            "call",
            "before",
            "arrival",
            "invoice",
            "in",
            "duplicate",
            "quote",
            "order",
            "number",
            "on",
            "all",
            "documents",
            "packing",
            "list",
            "attached",
            "fragile",
            "keep",
            "dry",
            "customer",
            "agreement",
            "of",
            "2019",
            "applies",
            "partial",
            "deliveries",
            "allowed",
            "ship",
            "complete",
            "only",
            "express",
            "freight",
            "paid",
            "by",
            "sender",
            "incoterms",
            "DAP",
            "warehouse",
            "gate"
        };
        StringBuilder b = new StringBuilder(70_000);
        long h = 0x5DB3L;
        while (b.length() < 64_000) {
            h = h * 6364136223846793005L + 1442695040888963407L;
            b.append(words[(int) Math.floorMod(h >>> 33, (long) words.length)]).append(' ');
        }
        return b.toString();
    }
}
