package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.load.OrderHistory.Item;
import org.sdbench.database.load.OrderHistory.Order;

/**
 * The tables of SD's functions besides the documents ({@link SdMasterKeys}): condition records
 * (A004, A005, A007, KONH and their KONP items), partners (KNVP), credit data (KNKK, S066), sales
 * texts (STXH, STXL), and what the order history left in them: partners, output, the material
 * index, order texts and the sales statistics (S001) of every history order.
 */
public enum SdTable implements LoadTable {
    A004("kappl", "kschl", "vkorg", "vtweg", "matnr", "datbi", "datab", "knumh"),
    A005("kappl", "kschl", "vkorg", "vtweg", "kunnr", "matnr", "datbi", "datab", "knumh"),
    A007("kappl", "kschl", "vkorg", "vtweg", "kunnr", "datbi", "datab", "knumh"),
    KONH("knumh", "kvewe", "kotabnr", "kappl", "kschl", "vakey", "datab", "datbi"),
    KNVP("kunnr", "vkorg", "vtweg", "spart", "parvw", "parza", "kunn2"),
    KNKK("kunnr", "kkber", "klimk", "knkli", "skfor"),
    S066("kkber", "knkli", "oeikw", "olikw", "ofakw"),
    STXH("tdobject", "tdname", "tdid", "tdspras", "tdtitle", "tdlinesize"),
    STXL("relid", "tdobject", "tdname", "tdid", "tdspras", "srtf2", "clustr", "clustd"),
    VBPA("vbeln", "posnr", "parvw", "kunnr", "adrnr", "land1"),
    VAPMA("matnr", "vkorg", "audat", "vbeln", "posnr", "kunnr", "werks"),
    NAST("kappl", "objky", "kschl", "spras", "parnr", "parvw", "erdat", "eruhr", "nacha", "vstat"),
    S001("ssour", "vrsio", "spmon", "vkorg", "vtweg", "spart", "kunnr", "matnr", "umsatz", "menge");

    /** Partner functions of a delivery and of an invoice (besides the sold-to). */
    public static final String DELIVERY_PARTNER = "WE";

    public static final String BILLING_PARTNER = "RG";

    private final List<String> columns;

    SdTable(String... columns) {
        this.columns = List.of(columns);
    }

    @Override
    public List<String> loopColumns() {
        return columns;
    }

    @Override
    public long rows(MasterDataSpec s) {
        if (this != S001) {
            return LoadTable.super.rows(s);
        }
        OrderHistory h = OrderHistory.initial(s);
        long n = 0;
        for (int u = 1; u <= s.users(); u++) {
            for (int c = 1; c <= s.customersPerUser(); c++) {
                n += statistics(h, u, c).size();
            }
        }
        return n;
    }

    @Override
    public long rowsPerUser(MasterDataSpec s) {
        int cpu = s.customersPerUser();
        int mpu = s.materialsPerUser();
        long orders = (long) cpu * s.historyOrders();
        long items = orders * Math.min(s.lineItems(), mpu);
        long discounts = mpu / 3;
        long customerDiscounts = (cpu + 1) / 2;
        long customerPrices = (long) cpu * SdMasterKeys.customerPrices(mpu);
        long customerTextLines = 0;
        for (int c = 1; c <= cpu; c++) {
            customerTextLines += SdMasterKeys.customerTextLines(c);
        }
        return switch (this) {
            case A004 -> 2L * mpu + discounts;
            case A005 -> customerPrices;
            case A007 -> customerDiscounts;
            case KONH -> 2L * mpu + discounts + customerPrices + customerDiscounts;
            case KNVP -> 4L * cpu;
            case KNKK, S066 -> cpu;
            case STXH -> cpu + mpu / 2 + orders;
            case STXL -> customerTextLines + mpu / 2 + customerTextLines * s.historyOrders();
            case VBPA -> 8 * orders;
            case VAPMA -> items;
            case NAST -> 3 * orders;
            case S001 ->
                rows(new MasterDataSpec(
                        1,
                        cpu,
                        mpu,
                        s.plants(),
                        s.initialStock(),
                        s.historyOrders(),
                        s.lineItems(),
                        s.seed(),
                        s.loadedAt(),
                        s.version()));
        };
    }

    @Override
    public void generate(OrderHistory h, int fromUser, int toUser, RowSink sink) throws IOException, SQLException {
        MasterDataSpec s = h.spec();
        LocalDate loaded = s.loadedAt().toLocalDate();
        FieldFillingSink out = new FieldFillingSink(sink, sapFields(), s.hash(500 + ordinal(), 0, 0), loaded);
        for (int u = fromUser; u <= toUser; u++) {
            out.entity(u, loaded);
            switch (this) {
                case A004, A005, A007, KONH -> ConditionRecords.write(this, s, u, loaded, out);
                case KNVP, KNKK, S066 -> customers(s, u, out);
                case STXH, STXL -> {
                    SalesTexts.write(this == STXH, s, u, out);
                    for (int c = 1; c <= s.customersPerUser(); c++) {
                        for (int k = 1; k <= s.historyOrders(); k++) {
                            Order o = h.order(u, c, k);
                            SalesTexts.text(
                                    this == STXH,
                                    out,
                                    SdMasterKeys.ORDER_TEXT,
                                    o.vbeln(),
                                    "Order " + o.vbeln(),
                                    u,
                                    c,
                                    SdMasterKeys.customerTextLines(c));
                        }
                    }
                }
                case VBPA, VAPMA, NAST -> {
                    for (int c = 1; c <= s.customersPerUser(); c++) {
                        for (int k = 1; k <= s.historyOrders(); k++) {
                            Order o = h.order(u, c, k);
                            out.entity(
                                    (((long) u * s.customersPerUser()) + c) * s.historyOrders() + k,
                                    o.created().toLocalDate());
                            history(s, o, out);
                        }
                    }
                }
                case S001 -> {
                    for (int c = 1; c <= s.customersPerUser(); c++) {
                        for (var e : statistics(h, u, c).entrySet()) {
                            String[] key = e.getKey().split("/");
                            long[] v = e.getValue();
                            out.text(" ");
                            out.text("000");
                            out.text(key[0]);
                            out.text(MasterKeys.VKORG);
                            out.text(MasterKeys.VTWEG);
                            out.text(MasterKeys.SPART);
                            out.text(MasterKeys.kunnr(u, c));
                            out.text(key[1]);
                            out.decimal(v[0], 2);
                            out.decimal(v[1], 3);
                            out.endRow();
                        }
                    }
                }
            }
        }
    }

    /** Value (cents) and quantity (thousandths) per month and material of customer c's history orders, as VA01's V2 adds them. */
    private static Map<String, long[]> statistics(OrderHistory h, int u, int c) {
        Map<String, long[]> m = new TreeMap<>();
        for (int k = 1; k <= h.spec().historyOrders(); k++) {
            Order o = h.order(u, c, k);
            String month = MasterKeys.zeroPad(
                    o.created().getYear() * 100L + o.created().getMonthValue(), 6);
            for (Item i : o.items()) {
                long[] v = m.computeIfAbsent(month + "/" + i.matnr(), x -> new long[2]);
                v[0] += i.valueCents();
                v[1] += i.quantity() * 1000;
            }
        }
        return m;
    }

    private void customers(MasterDataSpec s, int u, RowSink out) throws IOException, SQLException {
        int cpu = s.customersPerUser();
        for (int c = 1; c <= cpu; c++) {
            String kunnr = MasterKeys.kunnr(u, c);
            switch (this) {
                case KNVP -> {
                    for (int f = 0; f < SdMasterKeys.PARTNER_FUNCTIONS.length; f++) {
                        out.text(kunnr);
                        out.text(MasterKeys.VKORG);
                        out.text(MasterKeys.VTWEG);
                        out.text(MasterKeys.SPART);
                        out.text(SdMasterKeys.PARTNER_FUNCTIONS[f]);
                        out.text("000");
                        out.text(MasterKeys.kunnr(u, SdMasterKeys.partnerCustomer(c, f, cpu)));
                        out.endRow();
                    }
                }
                case KNKK -> {
                    out.text(kunnr);
                    out.text(SdMasterKeys.KKBER);
                    out.decimal(MasterTable.CREDIT_LIMIT_CENTS, 2);
                    out.text(kunnr);
                    out.decimal(0, 2);
                    out.endRow();
                }
                default -> {
                    // the history is invoiced completely: no open order, delivery or billing values
                    out.text(SdMasterKeys.KKBER);
                    out.text(kunnr);
                    out.decimal(0, 2);
                    out.decimal(0, 2);
                    out.decimal(0, 2);
                    out.endRow();
                }
            }
        }
    }

    private void history(MasterDataSpec s, Order o, RowSink out) throws IOException, SQLException {
        int cpu = s.customersPerUser();
        switch (this) {
            case VBPA -> {
                for (int f = 0; f < SdMasterKeys.PARTNER_FUNCTIONS.length; f++) {
                    partner(
                            out,
                            o.vbeln(),
                            SdMasterKeys.PARTNER_FUNCTIONS[f],
                            MasterKeys.kunnr(o.user(), SdMasterKeys.partnerCustomer(o.customer(), f, cpu)));
                }
                partner(out, o.delivery(), "AG", o.kunnr());
                partner(
                        out,
                        o.delivery(),
                        DELIVERY_PARTNER,
                        MasterKeys.kunnr(o.user(), SdMasterKeys.partnerCustomer(o.customer(), 1, cpu)));
                partner(out, o.billing(), "AG", o.kunnr());
                partner(out, o.billing(), BILLING_PARTNER, o.kunnr());
            }
            case VAPMA -> {
                for (Item i : o.items()) {
                    out.text(i.matnr());
                    out.text(MasterKeys.VKORG);
                    out.date(o.created().toLocalDate());
                    out.text(o.vbeln());
                    out.integer(i.posnr());
                    out.text(o.kunnr());
                    out.text(o.werks());
                    out.endRow();
                }
            }
            case NAST -> {
                output(out, o.vbeln(), SdMasterKeys.OUTPUT_ORDER, o.kunnr(), o.created());
                output(out, o.delivery(), SdMasterKeys.OUTPUT_DELIVERY, o.kunnr(), o.delivered());
                output(out, o.billing(), SdMasterKeys.OUTPUT_BILLING, o.kunnr(), o.billed());
            }
            default -> throw new IllegalStateException(this + " is not a history table");
        }
    }

    private static void partner(RowSink out, String vbeln, String parvw, String kunnr)
            throws IOException, SQLException {
        out.text(vbeln);
        out.integer(0);
        out.text(parvw);
        out.text(kunnr);
        out.text(kunnr);
        out.text("DE");
        out.endRow();
    }

    private static void output(RowSink out, String objky, String kschl, String kunnr, LocalDateTime at)
            throws IOException, SQLException {
        out.text(SdMasterKeys.KAPPL_SALES);
        out.text(objky);
        out.text(kschl);
        out.text(SdMasterKeys.LANGUAGE);
        out.text(kunnr);
        out.text("AG");
        out.date(at.toLocalDate());
        out.text(MasterKeys.zeroPad(at.getHour() * 10000L + at.getMinute() * 100L + at.getSecond(), 6));
        out.text("1");
        out.text("1");
        out.endRow();
    }
}
