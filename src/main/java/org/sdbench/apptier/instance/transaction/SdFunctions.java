package org.sdbench.apptier.instance.transaction;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.apptier.instance.StepContext;
import org.sdbench.apptier.instance.transaction.LoopState.Item;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.DbSession;
import org.sdbench.database.Pipeline;
import org.sdbench.database.load.SdMasterKeys;
import org.sdbench.protocol.StepOutcome;

/**
 * The SQL SD issues besides reading and writing the documents, in the steps where SD
 * issues it: partner determination and credit check at the order header, pricing by condition
 * technique (access sequences with the header prestep), the availability check against open
 * requirements and the sales texts per item; at save (in V1) the partners, requirements, the
 * material index, output and the order text; the delivery consumes the requirements; display and
 * billing read partners, incompletion log, texts and output. Keys and record layout: {@link SdMasterKeys}.
 */
final class SdFunctions {
    private static final String CLIENT = "mandt = '100'";
    private static final String PARTNERS = "SELECT parvw, kunn2 FROM knvp WHERE " + CLIENT
            + " AND kunnr = ? AND vkorg = ? AND vtweg = ? AND spart = ?";
    private static final String PARTNER_NAMES =
            "SELECT kunnr, name1, land1 FROM kna1 WHERE " + CLIENT + " AND kunnr IN (?, ?)";
    private static final String CREDIT =
            "SELECT klimk, skfor FROM knkk WHERE " + CLIENT + " AND kunnr = ? AND kkber = ?";
    private static final String EXPOSURE =
            "SELECT oeikw + olikw + ofakw FROM s066 WHERE " + CLIENT + " AND kkber = ? AND knkli = ?";
    private static final String TEXT_HEADER = "SELECT tdlinesize FROM stxh WHERE " + CLIENT
            + " AND tdobject = ? AND tdname = ? AND tdid = ? AND tdspras = ?";
    private static final String TEXT_LINES = "SELECT clustd FROM stxl WHERE " + CLIENT
            + " AND relid = ? AND tdobject = ? AND tdname = ? AND tdid = ? AND tdspras = ? ORDER BY srtf2";
    private static final String VALID = " AND datbi >= ? AND datab <= ?";
    private static final String A004 = "SELECT knumh FROM a004 WHERE " + CLIENT
            + " AND kappl = ? AND kschl = ? AND vkorg = ? AND vtweg = ? AND matnr = ?" + VALID;
    private static final String A005 = "SELECT knumh FROM a005 WHERE " + CLIENT
            + " AND kappl = ? AND kschl = ? AND vkorg = ? AND vtweg = ? AND kunnr = ? AND matnr = ?" + VALID;
    private static final String A007 = "SELECT knumh FROM a007 WHERE " + CLIENT
            + " AND kappl = ? AND kschl = ? AND vkorg = ? AND vtweg = ? AND kunnr = ?" + VALID;
    private static final String CONDITION =
            "SELECT p.kbetr FROM konh h JOIN konp p ON p.mandt = h.mandt AND p.knumh = h.knumh" + " WHERE h." + CLIENT
                    + " AND h.knumh = ?";
    /** VPRS, the cost (a statistical condition), is the moving average price of the material's valuation. */
    private static final String VALUATION =
            Steps.wholeRows("verpr", "mbew", "WHERE " + CLIENT + " AND matnr = ? AND bwkey = ?");

    private static final String REQUIREMENTS =
            "SELECT COALESCE(SUM(omeng), 0) FROM vbbe WHERE " + CLIENT + " AND matnr = ? AND werks = ? AND berid = ?";
    private static final String ORDER_REQUIREMENT = "SELECT omeng FROM vbbe WHERE " + CLIENT
            + " AND matnr = ? AND werks = ? AND berid = ? AND vbeln = ? AND posnr = ?";
    private static final String DOCUMENT_PARTNERS =
            "SELECT parvw, kunnr FROM vbpa WHERE " + CLIENT + " AND vbeln = ? AND posnr = 0";
    private static final String INCOMPLETION = "SELECT tbnam, fdnam FROM vbuv WHERE " + CLIENT + " AND vbeln = ?";
    private static final String ITEM_STATUS = "SELECT posnr, wbsta, fksta FROM vbup WHERE " + CLIENT + " AND vbeln = ?";
    private static final String FLOW = "SELECT vbeln, posnn, rfmng FROM vbfa WHERE " + CLIENT + " AND vbelv = ?";
    private static final String OUTPUT =
            "SELECT kschl, vstat FROM nast WHERE " + CLIENT + " AND kappl = ? AND objky = ?";

    private static final String INSERT_ORDER_PARTNERS = "INSERT INTO vbpa (vbeln, posnr, parvw, kunnr, adrnr, land1)"
            + " SELECT ?, 0, p.parvw, p.kunn2, p.kunn2, k.land1 FROM knvp p JOIN kna1 k ON k.mandt = p.mandt AND k.kunnr = p.kunn2"
            + " WHERE p." + CLIENT + " AND p.kunnr = ? AND p.vkorg = ? AND p.vtweg = ? AND p.spart = ?";
    private static final String COPY_PARTNERS = "INSERT INTO vbpa (vbeln, posnr, parvw, kunnr, adrnr, land1)"
            + " SELECT ?, 0, parvw, kunnr, adrnr, land1 FROM vbpa WHERE " + CLIENT
            + " AND vbeln = ? AND posnr = 0 AND parvw IN ('AG', ?)";
    private static final String INSERT_VBBE =
            "INSERT INTO vbbe (matnr, werks, berid, vbeln, posnr, etenr, mbdat, vbtyp, omeng, vmeng, meins)"
                    + " VALUES (?, ?, ?, ?, ?, 1, ?, 'C', ?, ?, 'ST')";
    private static final String DELETE_VBBE = "DELETE FROM vbbe WHERE " + CLIENT
            + " AND matnr = ? AND werks = ? AND berid = ? AND vbeln = ? AND posnr = ? AND etenr = 1";
    private static final String INSERT_VAPMA =
            "INSERT INTO vapma (matnr, vkorg, audat, vbeln, posnr, kunnr, werks)" + " VALUES (?, ?, ?, ?, ?, ?, ?)";
    private static final String INSERT_NAST =
            "INSERT INTO nast (kappl, objky, kschl, spras, parnr, parvw, erdat, eruhr, nacha, vstat)"
                    + " VALUES ('V', ?, ?, 'E', ?, 'AG', ?, ?, '1', '0')";
    private static final String COPY_TEXT_HEADER =
            "INSERT INTO stxh (tdobject, tdname, tdid, tdspras, tdtitle, tdlinesize)"
                    + " SELECT 'VBBK', ?, tdid, tdspras, ?, tdlinesize FROM stxh WHERE " + CLIENT
                    + " AND tdobject = 'KNVV' AND tdname = ? AND tdid = '0001' AND tdspras = 'E'";
    private static final String COPY_TEXT_LINES =
            "INSERT INTO stxl (relid, tdobject, tdname, tdid, tdspras, srtf2, clustr, clustd)"
                    + " SELECT relid, 'VBBK', ?, tdid, tdspras, srtf2, clustr, clustd FROM stxl WHERE " + CLIENT
                    + " AND relid = 'TX' AND tdobject = 'KNVV' AND tdname = ? AND tdid = '0001' AND tdspras = 'E'";
    private static final String UPDATE_EXPOSURE =
            "UPDATE s066 SET oeikw = oeikw - ?, olikw = olikw + ? WHERE " + CLIENT + " AND kkber = ? AND knkli = ?";

    private SdFunctions() {}

    /**
     * VA01 header: partner determination (KNVP, the partners' KNA1), credit check (KNKK limit
     * against receivables and open values in S066), the customer's sales text, and the pricing
     * prestep of the header-level customer discount (A007).
     */
    static StepOutcome header(StepContext ctx, LoopState s) throws SQLException {
        DbSession db = ctx.db();
        List<String[]> partners = db.query(
                PARTNERS,
                rs -> new String[] {rs.getString(1), rs.getString(2)},
                s.customer,
                MasterKeys.VKORG,
                MasterKeys.VTWEG,
                MasterKeys.SPART);
        if (partners.size() < SdMasterKeys.PARTNER_FUNCTIONS.length) {
            return Steps.missing("partners (KNVP) of customer " + s.customer);
        }
        String shipTo = partner(partners, "WE");
        String payer = partner(partners, "RG");
        if (db.query(PARTNER_NAMES, rs -> rs.getString(1), shipTo, payer).isEmpty()) {
            return Steps.missing("ship-to/payer " + shipTo + "/" + payer);
        }
        BigDecimal[] credit = db.queryOne(
                CREDIT,
                rs -> new BigDecimal[] {rs.getBigDecimal(1), rs.getBigDecimal(2)},
                s.customer,
                SdMasterKeys.KKBER);
        BigDecimal open = db.queryOne(EXPOSURE, rs -> rs.getBigDecimal(1), SdMasterKeys.KKBER, s.customer);
        if (credit == null || open == null) {
            return Steps.missing("credit data (KNKK/S066) of customer " + s.customer);
        }
        if (credit[1].add(open).compareTo(credit[0]) > 0) {
            return new StepOutcome.DbError("credit-limit", "customer " + s.customer + " exceeds its credit limit");
        }
        text(db, SdMasterKeys.CUSTOMER_TEXT, SdMasterKeys.customerTextName(s.customer));
        Date today = today(ctx);
        String discount = customerDiscount(db, s.customer, today);
        // The prestep: with no header record, the item accesses of K007 are skipped.
        s.customerDiscount = discount != null && db.queryOne(CONDITION, rs -> rs.getBigDecimal(1), discount) != null;
        return StepOutcome.Ok.INSTANCE;
    }

    private static String partner(List<String[]> partners, String function) {
        for (String[] p : partners) {
            if (p[0].equals(function)) {
                return p[1];
            }
        }
        return partners.get(0)[1];
    }

    /**
     * One item of VA01: the PR00 price by its access sequence (customer/material A005, then
     * material A004, then the record's KONH/KONP), the material discount K004, the
     * customer/material discount K005, the customer discount K007 unless the prestep skipped it,
     * the cost VPRS from the valuation (MBEW), the open requirements for the availability check
     * (VBBE) and the material's sales text. Returns the PR00 price, or null when there is none or
     * the material has no valuation.
     */
    static BigDecimal item(StepContext ctx, LoopState s, String matnr, String werks) throws SQLException {
        BigDecimal price = price(ctx, s, matnr, werks);
        DbSession db = ctx.db();
        db.queryOne(REQUIREMENTS, rs -> rs.getBigDecimal(1), matnr, werks, werks);
        text(db, SdMasterKeys.MATERIAL_TEXT, SdMasterKeys.materialTextName(matnr));
        return price;
    }

    /**
     * The pricing procedure for one item: PR00, K004, K005, K007 (unless the prestep skipped it) by
     * their access sequences, and VPRS. Returns the PR00 price, or null when there is none or the
     * material has no valuation.
     */
    private static BigDecimal price(StepContext ctx, LoopState s, String matnr, String werks) throws SQLException {
        DbSession db = ctx.db();
        Date today = today(ctx);
        String record = a005(db, MasterKeys.PRICE_CONDITION, s.customer, matnr, today);
        if (record == null) {
            record = a004(db, MasterKeys.PRICE_CONDITION, matnr, today);
        }
        BigDecimal price = record == null ? null : db.queryOne(CONDITION, rs -> rs.getBigDecimal(1), record);
        String discount = a004(db, SdMasterKeys.MATERIAL_DISCOUNT, matnr, today);
        if (discount != null) {
            db.queryOne(CONDITION, rs -> rs.getBigDecimal(1), discount);
        }
        String k005 = a005(db, SdMasterKeys.CUSTOMER_MATERIAL_DISCOUNT, s.customer, matnr, today);
        if (k005 != null) {
            db.queryOne(CONDITION, rs -> rs.getBigDecimal(1), k005);
        }
        if (s.customerDiscount) {
            String k007 = customerDiscount(db, s.customer, today);
            if (k007 != null) {
                db.queryOne(CONDITION, rs -> rs.getBigDecimal(1), k007);
            }
        }
        BigDecimal cost = db.queryOne(VALUATION, rs -> rs.getBigDecimal(1), matnr, werks);
        return cost == null ? null : price;
    }

    /** READ_TEXT: the header, and the lines when there is one. */
    private static void text(DbSession db, String object, String name) throws SQLException {
        Integer header =
                db.queryOne(TEXT_HEADER, rs -> rs.getInt(1), object, name, SdMasterKeys.TEXT_ID, SdMasterKeys.LANGUAGE);
        if (header != null) {
            db.query(
                    TEXT_LINES,
                    rs -> rs.getString(1),
                    SdMasterKeys.TEXT_RELID,
                    object,
                    name,
                    SdMasterKeys.TEXT_ID,
                    SdMasterKeys.LANGUAGE);
        }
    }

    /**
     * VL01N select order: incompletion log, the order's partners, its requirement and the
     * availability check per item, and the credit re-check.
     */
    static StepOutcome deliveryChecks(StepContext ctx, LoopState s, String werks) throws SQLException {
        DbSession db = ctx.db();
        db.query(INCOMPLETION, rs -> rs.getString(2), s.orderNo);
        if (db.query(DOCUMENT_PARTNERS, rs -> rs.getString(1), s.orderNo).isEmpty()) {
            return Steps.missing("partners (VBPA) of order " + s.orderNo);
        }
        for (Item i : s.items) {
            if (db.queryOne(ORDER_REQUIREMENT, rs -> rs.getBigDecimal(1), i.matnr(), werks, werks, s.orderNo, i.posnr())
                    == null) {
                return Steps.missing("requirement (VBBE) of order " + s.orderNo + " item " + i.posnr());
            }
            // The delivery's availability check: every open requirement of the material.
            db.queryOne(REQUIREMENTS, rs -> rs.getBigDecimal(1), i.matnr(), werks, werks);
        }
        db.queryOne(CREDIT, rs -> rs.getBigDecimal(1), s.customer, SdMasterKeys.KKBER);
        db.queryOne(EXPOSURE, rs -> rs.getBigDecimal(1), SdMasterKeys.KKBER, s.customer);
        return StepOutcome.Ok.INSTANCE;
    }

    /** VA03 enter order: partners, incompletion log, the header text and each item's text, output status. */
    static void displayOrder(StepContext ctx, LoopState s) throws SQLException {
        DbSession db = ctx.db();
        db.query(DOCUMENT_PARTNERS, rs -> rs.getString(1), s.orderNo);
        db.query(INCOMPLETION, rs -> rs.getString(2), s.orderNo);
        text(db, SdMasterKeys.ORDER_TEXT, s.orderNo);
        for (Item i : s.items) {
            // Item texts (VBBP) are looked up per item; the loop's orders have none, as most items.
            text(db, SdMasterKeys.ORDER_ITEM_TEXT, SdMasterKeys.itemTextName(s.orderNo, i.posnr()));
        }
        db.query(OUTPUT, rs -> rs.getString(1), SdMasterKeys.KAPPL_SALES, s.orderNo);
    }

    /**
     * VF01 enter delivery: the delivery's partners, output, item status and document flow (what is
     * billed already), then pricing again per item: copy control's pricing type C redetermines
     * every condition but manual ones by the records valid at billing. The invoice keeps the
     * order's values: no record changes during a run, so the redetermined prices are the same.
     */
    static StepOutcome billingChecks(StepContext ctx, LoopState s) throws SQLException {
        DbSession db = ctx.db();
        db.query(DOCUMENT_PARTNERS, rs -> rs.getString(1), s.deliveryNo);
        db.query(OUTPUT, rs -> rs.getString(1), SdMasterKeys.KAPPL_SALES, s.deliveryNo);
        db.query(ITEM_STATUS, rs -> rs.getString(2), s.deliveryNo);
        db.query(FLOW, rs -> rs.getString(1), s.deliveryNo);
        String werks = Steps.plant(ctx, s);
        for (Item i : s.items) {
            if (price(ctx, s, i.matnr(), werks) == null) {
                return Steps.missing("price or valuation of material " + i.matnr());
            }
        }
        return StepOutcome.Ok.INSTANCE;
    }

    /** V1 of the order: partners from KNVP, requirements, material index, output BA00, order text, open order value. */
    static void orderCreate(Pipeline db, Payloads.Order o, String s066Upsert) {
        LocalDateTime at = LocalDateTime.ofInstant(Instant.ofEpochMilli(o.createdMillis()), ZoneOffset.UTC);
        Date day = Date.valueOf(at.toLocalDate());
        Date delivery = Date.valueOf(at.toLocalDate().plusDays(1));
        db.update(INSERT_ORDER_PARTNERS, o.vbeln(), o.kunnr(), MasterKeys.VKORG, MasterKeys.VTWEG, MasterKeys.SPART);
        List<Object[]> vbbe = new ArrayList<>();
        List<Object[]> vapma = new ArrayList<>();
        BigDecimal net = BigDecimal.ZERO;
        for (Item i : o.items()) {
            vbbe.add(new Object[] {
                i.matnr(), o.werks(), o.werks(), o.vbeln(), i.posnr(), delivery, i.quantity(), i.quantity()
            });
            vapma.add(new Object[] {i.matnr(), MasterKeys.VKORG, day, o.vbeln(), i.posnr(), o.kunnr(), o.werks()});
            net = net.add(i.value());
        }
        db.batch(INSERT_VBBE, vbbe);
        db.batch(INSERT_VAPMA, vapma);
        db.update(INSERT_NAST, o.vbeln(), SdMasterKeys.OUTPUT_ORDER, o.kunnr(), day, time(at));
        String textName = SdMasterKeys.customerTextName(o.kunnr());
        db.update(COPY_TEXT_HEADER, o.vbeln(), "Order " + o.vbeln(), textName);
        db.update(COPY_TEXT_LINES, o.vbeln(), textName);
        db.update(s066Upsert, MasterKeys.MANDT, SdMasterKeys.KKBER, o.kunnr(), net);
    }

    /** V1 of the delivery: the order's requirements consumed, partners copied, output LD00, open value order to delivery. */
    static void deliveryCreate(Pipeline db, Payloads.Delivery d) {
        LocalDateTime at = LocalDateTime.ofInstant(Instant.ofEpochMilli(d.createdMillis()), ZoneOffset.UTC);
        List<Object[]> consumed = new ArrayList<>();
        BigDecimal net = BigDecimal.ZERO;
        for (Item i : d.items()) {
            consumed.add(new Object[] {i.matnr(), d.werks(), d.werks(), d.order(), i.posnr()});
            net = net.add(i.value());
        }
        db.batch(DELETE_VBBE, consumed);
        db.update(COPY_PARTNERS, d.delivery(), d.order(), "WE");
        db.update(
                INSERT_NAST,
                d.delivery(),
                SdMasterKeys.OUTPUT_DELIVERY,
                d.kunnr(),
                Date.valueOf(at.toLocalDate()),
                time(at));
        db.update(UPDATE_EXPOSURE, net, net, SdMasterKeys.KKBER, d.kunnr());
    }

    /** V1 of the invoice: partners copied from the order, output RD00, the delivery's open value released. */
    static void billingCreate(Pipeline db, Payloads.Billing b) {
        LocalDateTime at = LocalDateTime.ofInstant(Instant.ofEpochMilli(b.billedMillis()), ZoneOffset.UTC);
        BigDecimal net = b.items().stream().map(Item::value).reduce(BigDecimal.ZERO, BigDecimal::add);
        db.update(COPY_PARTNERS, b.billing(), b.order(), "RG");
        db.update(
                INSERT_NAST,
                b.billing(),
                SdMasterKeys.OUTPUT_BILLING,
                b.kunnr(),
                Date.valueOf(at.toLocalDate()),
                time(at));
        db.update(UPDATE_EXPOSURE, BigDecimal.ZERO, net.negate(), SdMasterKeys.KKBER, b.kunnr());
    }

    private static String time(LocalDateTime at) {
        return MasterKeys.zeroPad(at.getHour() * 10000L + at.getMinute() * 100L + at.getSecond(), 6);
    }

    private static Date today(StepContext ctx) {
        return Date.valueOf(Instant.ofEpochMilli(ctx.clock().wallMillis())
                .atZone(ZoneOffset.UTC)
                .toLocalDate());
    }

    /** The customer's discount condition record (K007) valid today, or null. */
    private static String customerDiscount(DbSession db, String customer, Date today) throws SQLException {
        return db.queryOne(
                A007,
                rs -> rs.getString(1),
                SdMasterKeys.KAPPL_SALES,
                SdMasterKeys.CUSTOMER_DISCOUNT,
                MasterKeys.VKORG,
                MasterKeys.VTWEG,
                customer,
                today,
                today);
    }

    /** The condition record of a customer/material access (A005) valid today, or null. */
    private static String a005(DbSession db, String conditionType, String customer, String matnr, Date today)
            throws SQLException {
        return db.queryOne(
                A005,
                rs -> rs.getString(1),
                SdMasterKeys.KAPPL_SALES,
                conditionType,
                MasterKeys.VKORG,
                MasterKeys.VTWEG,
                customer,
                matnr,
                today,
                today);
    }

    /** The condition record of a material access (A004) valid today, or null. */
    private static String a004(DbSession db, String conditionType, String matnr, Date today) throws SQLException {
        return db.queryOne(
                A004,
                rs -> rs.getString(1),
                SdMasterKeys.KAPPL_SALES,
                conditionType,
                MasterKeys.VKORG,
                MasterKeys.VTWEG,
                matnr,
                today,
                today);
    }
}
