package org.sdbench.load;

import java.io.IOException;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sdbench.core.MasterKeys;
import org.sdbench.load.OrderHistory.Item;
import org.sdbench.load.OrderHistory.Order;

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
    /** Text of the sales texts: words, sliced per line by a hash (no characters COPY escapes). */
    private static final String TEXT = text();

    private final List<String> columns;

    SdTable(String... columns) {
        this.columns = List.of(columns);
    }

    /** KONP items of the condition records beyond the current material prices, written with MasterTable.KONP. */
    static long conditionItemsPerUser(MasterDataSpec s) {
        return s.materialsPerUser()
                + s.materialsPerUser() / 3
                + (long) s.customersPerUser() * SdMasterKeys.customerPrices(s.materialsPerUser())
                + (s.customersPerUser() + 1) / 2;
    }

    /** Writes user u's KONP items of {@link #conditionItemsPerUser}, columns as MasterTable.KONP. */
    static void conditionItems(MasterDataSpec s, int u, RowSink out) throws IOException, SQLException {
        conditions(null, s, u, s.loadedAt().toLocalDate(), out);
    }

    @Override
    public List<String> loopColumns() {
        return columns;
    }

    @Override
    public boolean perUser() {
        return true;
    }

    @Override
    public long rows(MasterDataSpec s) {
        if (this != S001) {
            return rowsPerUser(s) * s.users();
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
                case A004, A005, A007, KONH -> conditions(this, s, u, loaded, out);
                case KNVP, KNKK, S066 -> customers(s, u, out);
                case STXH, STXL -> {
                    texts(s, u, out);
                    for (int c = 1; c <= s.customersPerUser(); c++) {
                        for (int k = 1; k <= s.historyOrders(); k++) {
                            Order o = h.order(u, c, k);
                            text(
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

    /** Condition records of user u: of table {@code t}, or their KONP items when t is null. */
    private static void conditions(SdTable t, MasterDataSpec s, int u, LocalDate loaded, RowSink out)
            throws IOException, SQLException {
        LocalDate from = loaded.minusDays(365);
        LocalDate expiredFrom = loaded.minusDays(730);
        LocalDate expiredTo = loaded.minusDays(366);
        for (int m = 1; m <= s.materialsPerUser(); m++) {
            long idx = (long) (u - 1) * s.materialsPerUser() + m;
            String matnr = MasterKeys.matnr(u, m);
            long price = s.priceCents(u, m);
            String current = MasterKeys.zeroPad(idx, 10);
            String expired = SdMasterKeys.expiredPriceRecord(idx);
            switch (t == null ? "KONP" : t.name()) {
                case "A004" -> {
                    record(out, MasterKeys.PRICE_CONDITION, null, matnr, expiredTo, expiredFrom, expired);
                    record(out, MasterKeys.PRICE_CONDITION, null, matnr, SdMasterKeys.VALID_FOREVER, from, current);
                    if (SdMasterKeys.materialDiscount(m)) {
                        record(
                                out,
                                SdMasterKeys.MATERIAL_DISCOUNT,
                                null,
                                matnr,
                                SdMasterKeys.VALID_FOREVER,
                                from,
                                SdMasterKeys.discountRecord(idx));
                    }
                }
                case "KONH" -> {
                    header(out, expired, "004", MasterKeys.PRICE_CONDITION, matnr, expiredFrom, expiredTo);
                    header(out, current, "004", MasterKeys.PRICE_CONDITION, matnr, from, SdMasterKeys.VALID_FOREVER);
                    if (SdMasterKeys.materialDiscount(m)) {
                        header(
                                out,
                                SdMasterKeys.discountRecord(idx),
                                "004",
                                SdMasterKeys.MATERIAL_DISCOUNT,
                                matnr,
                                from,
                                SdMasterKeys.VALID_FOREVER);
                    }
                }
                case "KONP" -> {
                    item(out, expired, MasterKeys.PRICE_CONDITION, matnr, price * 9 / 10);
                    if (SdMasterKeys.materialDiscount(m)) {
                        item(
                                out,
                                SdMasterKeys.discountRecord(idx),
                                SdMasterKeys.MATERIAL_DISCOUNT,
                                matnr,
                                -(100 + m % 4 * 50L));
                    }
                }
                default -> {}
            }
        }
        for (int c = 1; c <= s.customersPerUser(); c++) {
            long cidx = (long) (u - 1) * s.customersPerUser() + c;
            String kunnr = MasterKeys.kunnr(u, c);
            for (int j = 0; j < SdMasterKeys.customerPrices(s.materialsPerUser()); j++) {
                int m = SdMasterKeys.customerPriceMaterial(c, j, s.materialsPerUser());
                String matnr = MasterKeys.matnr(u, m);
                String knumh = SdMasterKeys.customerPriceRecord(cidx, j);
                switch (t == null ? "KONP" : t.name()) {
                    case "A005" ->
                        record(out, MasterKeys.PRICE_CONDITION, kunnr, matnr, SdMasterKeys.VALID_FOREVER, from, knumh);
                    case "KONH" ->
                        header(
                                out,
                                knumh,
                                "005",
                                MasterKeys.PRICE_CONDITION,
                                kunnr.concat(matnr),
                                from,
                                SdMasterKeys.VALID_FOREVER);
                    case "KONP" -> item(out, knumh, MasterKeys.PRICE_CONDITION, matnr, s.priceCents(u, m) * 95 / 100);
                    default -> {}
                }
            }
            if (SdMasterKeys.customerDiscount(c)) {
                String knumh = SdMasterKeys.customerDiscountRecord(cidx);
                switch (t == null ? "KONP" : t.name()) {
                    case "A007" ->
                        record(
                                out,
                                SdMasterKeys.CUSTOMER_DISCOUNT,
                                kunnr,
                                null,
                                SdMasterKeys.VALID_FOREVER,
                                from,
                                knumh);
                    case "KONH" ->
                        header(
                                out,
                                knumh,
                                "007",
                                SdMasterKeys.CUSTOMER_DISCOUNT,
                                kunnr,
                                from,
                                SdMasterKeys.VALID_FOREVER);
                    case "KONP" -> item(out, knumh, SdMasterKeys.CUSTOMER_DISCOUNT, " ", -(200 + c % 3 * 100L));
                    default -> {}
                }
            }
        }
    }

    private static void record(
            RowSink out, String kschl, String kunnr, String matnr, LocalDate datbi, LocalDate datab, String knumh)
            throws IOException, SQLException {
        out.text(SdMasterKeys.KAPPL_SALES);
        out.text(kschl);
        out.text(MasterKeys.VKORG);
        out.text(MasterKeys.VTWEG);
        if (kunnr != null) {
            out.text(kunnr);
        }
        if (matnr != null) {
            out.text(matnr);
        }
        out.date(datbi);
        out.date(datab);
        out.text(knumh);
        out.endRow();
    }

    private static void header(
            RowSink out, String knumh, String table, String kschl, String vakey, LocalDate datab, LocalDate datbi)
            throws IOException, SQLException {
        out.text(knumh);
        out.text("A");
        out.text(table);
        out.text(SdMasterKeys.KAPPL_SALES);
        out.text(kschl);
        out.text(vakey);
        out.date(datab);
        out.date(datbi);
        out.endRow();
    }

    private static void item(RowSink out, String knumh, String kschl, String matnr, long kbetrCents)
            throws IOException, SQLException {
        out.text(knumh);
        out.text(kschl);
        out.text(matnr);
        out.decimal(kbetrCents, 2);
        out.text(MasterKeys.WAERS);
        out.endRow();
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

    private void texts(MasterDataSpec s, int u, RowSink out) throws IOException, SQLException {
        for (int c = 1; c <= s.customersPerUser(); c++) {
            String kunnr = MasterKeys.kunnr(u, c);
            text(
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
            text(out, SdMasterKeys.MATERIAL_TEXT, SdMasterKeys.materialTextName(matnr), "Material " + matnr, u, -m, 1);
        }
    }

    /** One text: its header (STXH) or its lines (STXL); the lines of an order text equal its customer's. */
    private void text(RowSink out, String object, String name, String title, int u, int owner, int lines)
            throws IOException, SQLException {
        if (this == STXH) {
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
