package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.load.OrderHistory.Item;
import org.sdbench.database.load.OrderHistory.Order;

/**
 * The document tables of the {@link OrderHistory}, with the columns the loop's update modules
 * write (the other SAP fields get seeded values from {@link SapFields}) and the same values: each history order is one loop as VA01, VL01N, VL02N and VF01 leave it
 * once its invoice is posted, so 'sdbench check' holds for the history as for a run.
 */
public enum HistoryTable implements LoadTable {
    VBAK("vbeln", "user_no", "erdat", "auart", "vkorg", "kunnr", "knumv", "netwr", "waerk"),
    VBAP("vbeln", "posnr", "matnr", "werks", "kwmeng", "netwr", "arktx"),
    VBEP("vbeln", "posnr", "etenr", "edatu", "wmeng", "bmeng"),
    VBUK("vbeln", "gbstk", "lfstk", "wbstk", "fkstk"),
    VBUP("vbeln", "posnr", "gbsta", "lfsta", "wbsta", "fksta"),
    KONV("knumv", "kposn", "stunr", "kschl", "kbetr", "kwert"),
    VAKPA("kunde", "parvw", "vbeln", "audat"),
    LIKP("vbeln", "user_no", "lfart", "kunnr", "erdat", "wadat_ist", "wbstk"),
    LIPS("vbeln", "posnr", "vgbel", "vgpos", "matnr", "werks", "lgort", "lfimg", "pikmg"),
    VBRK("vbeln", "user_no", "fkart", "kunrg", "fkdat", "knumv", "netwr", "belnr"),
    VBRP("vbeln", "posnr", "vgbel", "vgpos", "aubel", "matnr", "fkimg", "netwr"),
    VBFA("vbelv", "posnv", "vbeln", "posnn", "vbtyp_n", "rfmng", "erdat"),
    MKPF("mblnr", "mjahr", "budat", "xblnr"),
    MSEG("mblnr", "mjahr", "zeile", "bwart", "matnr", "werks", "lgort", "menge", "dmbtr"),
    BKPF("bukrs", "belnr", "gjahr", "blart", "budat", "awkey"),
    BSEG("bukrs", "belnr", "gjahr", "buzei", "koart", "shkzg", "hkont", "dmbtr"),
    CDHDR("objectclas", "objectid", "changenr", "username", "udate", "tcode"),
    CDPOS("objectclas", "objectid", "changenr", "tabname", "tabkey", "fname", "value_new", "value_old");

    /** The 19 % output tax rate as KONV.KBETR (unscaled, scale 2). */
    private static final long TAX_RATE_HUNDREDTHS = 19;

    private static final String REVENUE_ACCOUNT = "0000800000";

    private final List<String> columns;

    HistoryTable(String... columns) {
        this.columns = List.of(columns);
    }

    @Override
    public List<String> loopColumns() {
        return columns;
    }

    @Override
    public long rowsPerUser(MasterDataSpec s) {
        long n = Math.min(s.lineItems(), s.materialsPerUser());
        long perOrder = switch (this) {
            case VBAK, VAKPA, LIKP, VBRK, MKPF, CDHDR -> 1;
            case VBUK -> 3;
            case BKPF -> 2;
            case VBAP, VBEP, VBUP, LIPS, VBRP, MSEG, CDPOS -> n;
            case KONV -> 4 * n;
            case VBFA -> 3 * n;
            case BSEG -> 3 * n + 1;
        };
        return perOrder * s.customersPerUser() * s.historyOrders();
    }

    @Override
    public void generate(OrderHistory h, int fromUser, int toUser, RowSink sink) throws IOException, SQLException {
        MasterDataSpec s = h.spec();
        FieldFillingSink out = new FieldFillingSink(
                sink, sapFields(), s.hash(400 + ordinal(), 0, 0), s.loadedAt().toLocalDate());
        for (int u = fromUser; u <= toUser; u++) {
            for (int c = 1; c <= s.customersPerUser(); c++) {
                for (int k = 1; k <= s.historyOrders(); k++) {
                    Order o = h.order(u, c, k);
                    out.entity(
                            (((long) u * s.customersPerUser()) + c) * s.historyOrders() + k,
                            o.created().toLocalDate());
                    write(o, out);
                }
            }
        }
    }

    private void write(Order o, RowSink out) throws IOException, SQLException {
        switch (this) {
            case VBAK ->
                row(
                        out,
                        o.vbeln(),
                        o.user(),
                        o.created(),
                        MasterKeys.ORDER_TYPE,
                        MasterKeys.VKORG,
                        o.kunnr(),
                        o.knumvOrder(),
                        cents(o.netCents()),
                        MasterKeys.WAERS);
            case VBAP -> {
                for (Item i : o.items()) {
                    row(
                            out,
                            o.vbeln(),
                            i.posnr(),
                            i.matnr(),
                            o.werks(),
                            qty(i.quantity()),
                            cents(i.valueCents()),
                            MasterKeys.join("Material ", o.user(), '-', i.material()));
                }
            }
            case VBEP -> {
                for (Item i : o.items()) {
                    row(
                            out,
                            o.vbeln(),
                            i.posnr(),
                            1,
                            o.created().toLocalDate().plusDays(1),
                            qty(i.quantity()),
                            qty(i.quantity()));
                }
            }
            case VBUK -> {
                row(out, o.vbeln(), "C", "C", "C", "C");
                row(out, o.delivery(), "C", " ", "C", "C");
                row(out, o.billing(), "C", " ", " ", " ");
            }
            case VBUP -> {
                for (Item i : o.items()) {
                    row(out, o.vbeln(), i.posnr(), "C", "C", "C", "C");
                }
            }
            case KONV -> {
                for (String knumv : List.of(o.knumvOrder(), o.knumvBilling())) {
                    for (Item i : o.items()) {
                        row(
                                out,
                                knumv,
                                i.posnr(),
                                10,
                                MasterKeys.PRICE_CONDITION,
                                cents(i.priceCents()),
                                cents(i.valueCents()));
                        row(out, knumv, i.posnr(), 20, "MWST", cents(TAX_RATE_HUNDREDTHS), cents(i.taxCents()));
                    }
                }
            }
            case VAKPA -> row(out, o.kunnr(), "AG", o.vbeln(), o.created());
            case LIKP -> row(out, o.delivery(), o.user(), "LF", o.kunnr(), o.delivered(), o.goodsIssued(), "C");
            case LIPS -> {
                for (Item i : o.items()) {
                    row(
                            out,
                            o.delivery(),
                            i.posnr(),
                            o.vbeln(),
                            i.posnr(),
                            i.matnr(),
                            o.werks(),
                            MasterKeys.LGORT,
                            qty(i.quantity()),
                            qty(i.quantity()));
                }
            }
            case VBRK ->
                row(
                        out,
                        o.billing(),
                        o.user(),
                        "F2",
                        o.kunnr(),
                        o.billed(),
                        o.knumvBilling(),
                        cents(o.netCents()),
                        o.belnrBilling());
            case VBRP -> {
                for (Item i : o.items()) {
                    row(
                            out,
                            o.billing(),
                            i.posnr(),
                            o.delivery(),
                            i.posnr(),
                            o.vbeln(),
                            i.matnr(),
                            qty(i.quantity()),
                            cents(i.valueCents()));
                }
            }
            case VBFA -> {
                for (Item i : o.items()) {
                    row(out, o.vbeln(), i.posnr(), o.delivery(), i.posnr(), "J", qty(i.quantity()), o.delivered());
                    row(out, o.delivery(), i.posnr(), o.mblnr(), i.posnr(), "R", qty(i.quantity()), o.goodsIssued());
                    row(out, o.delivery(), i.posnr(), o.billing(), i.posnr(), "M", qty(i.quantity()), o.billed());
                }
            }
            case MKPF -> row(out, o.mblnr(), o.goodsIssued().getYear(), o.goodsIssued(), o.delivery());
            case MSEG -> {
                for (Item i : o.items()) {
                    row(
                            out,
                            o.mblnr(),
                            o.goodsIssued().getYear(),
                            i.posnr(),
                            "601",
                            i.matnr(),
                            o.werks(),
                            MasterKeys.LGORT,
                            qty(i.quantity()),
                            cents(i.costCents()));
                }
            }
            case BKPF -> {
                int year = o.goodsIssued().getYear();
                row(out, MasterKeys.BUKRS, o.belnrGoodsIssue(), year, "WL", o.goodsIssued(), o.mblnr() + year);
                row(out, MasterKeys.BUKRS, o.belnrBilling(), o.billed().getYear(), "RV", o.billed(), o.billing());
            }
            case BSEG -> {
                int year = o.goodsIssued().getYear();
                int line = 0;
                for (Item i : o.items()) {
                    for (List<String> p : MasterKeys.GOODS_ISSUE_POSTINGS) {
                        row(
                                out,
                                MasterKeys.BUKRS,
                                o.belnrGoodsIssue(),
                                year,
                                ++line,
                                "S",
                                p.get(0),
                                p.get(1),
                                cents(i.costCents()));
                    }
                }
                int billingYear = o.billed().getYear();
                long gross = 0;
                line = 1;
                for (Item i : o.items()) {
                    gross += i.valueCents() + i.taxCents();
                    row(
                            out,
                            MasterKeys.BUKRS,
                            o.belnrBilling(),
                            billingYear,
                            ++line,
                            "S",
                            "H",
                            REVENUE_ACCOUNT,
                            cents(i.valueCents()));
                }
                row(out, MasterKeys.BUKRS, o.belnrBilling(), billingYear, 1, "D", "S", o.kunnr(), cents(gross));
            }
            case CDHDR ->
                row(out, "LIEFERUNG", o.delivery(), o.changenr(), userName(o.user()), o.goodsIssued(), "VL02N");
            case CDPOS -> {
                for (Item i : o.items()) {
                    row(
                            out,
                            "LIEFERUNG",
                            o.delivery(),
                            o.changenr(),
                            "LIPS",
                            o.delivery() + i.posnr(),
                            "PIKMG",
                            Long.toString(i.quantity()),
                            "0");
                }
            }
        }
    }

    /** The user name UserSession gives benchmark user {@code u} (SD00042). */
    private static String userName(int u) {
        return "SD".concat(MasterKeys.zeroPad(u, 5));
    }

    /** An amount in cents, written as a decimal with two places. */
    private record Cents(long value) {}

    /** A quantity without decimals. */
    private record Qty(long value) {}

    private static Cents cents(long v) {
        return new Cents(v);
    }

    private static Qty qty(long v) {
        return new Qty(v);
    }

    private static void row(RowSink out, Object... values) throws IOException, SQLException {
        for (Object v : values) {
            switch (v) {
                case String t -> out.text(t);
                case Integer n -> out.integer(n);
                case Long n -> out.integer(n);
                case Cents c -> out.decimal(c.value(), 2);
                case Qty q -> out.decimal(q.value(), 0);
                case LocalDateTime t -> out.timestamp(t);
                case LocalDate d -> out.date(d);
                default ->
                    throw new IllegalArgumentException(
                            "no column type for " + v.getClass().getSimpleName());
            }
        }
        out.endRow();
    }
}
