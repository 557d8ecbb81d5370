package org.sdbench.apptier.instance.transaction;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.apptier.instance.StepContext;
import org.sdbench.apptier.instance.transaction.LoopState.Item;
import org.sdbench.apptier.instance.update.UpdateCall;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.DbSession;
import org.sdbench.database.Pipeline;
import org.sdbench.database.load.FillTable;
import org.sdbench.protocol.StepOutcome;

/** VF01, create the invoice for the delivery: enter delivery, save (steps 14-15). */
final class VF01 {
    private static final String INSERT_VBRK = FillTable.insert(
            "vbrk", "vbeln, user_no, fkart, kunrg, fkdat, knumv, netwr, belnr", "?, ?, 'F2', ?, ?, ?, ?, ?");
    private static final String INSERT_VBRP = FillTable.insert(
            "vbrp", "vbeln, posnr, vgbel, vgpos, aubel, matnr, fkimg, netwr", "?, ?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_KONV =
            FillTable.insert("konv", "knumv, kposn, stunr, kschl, kbetr, kwert", "?, ?, ?, ?, ?, ?");
    private static final String INSERT_VBFA =
            FillTable.insert("vbfa", "vbelv, posnv, vbeln, posnn, vbtyp_n, rfmng, erdat", "?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_BKPF =
            FillTable.insert("bkpf", "bukrs, belnr, gjahr, blart, budat, awkey", "?, ?, ?, 'RV', ?, ?");
    private static final String INSERT_BSEG = FillTable.insert(
            "bseg", "bukrs, belnr, gjahr, buzei, koart, shkzg, hkont, dmbtr", "?, ?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_VBUK =
            FillTable.insert("vbuk", "vbeln, gbstk, lfstk, wbstk, fkstk", "?, 'C', ' ', ' ', ' '");
    static final String BILLING_CREATE = "RV_INVOICE_CREATE";
    private static final BigDecimal TAX_RATE = new BigDecimal("0.19");

    private VF01() {}

    static StepOutcome enterDelivery(StepContext ctx, LoopState s)
            throws SQLException, InterruptedException, StepContext.UpdateWaitTimeout, StepContext.UpdateFailed {
        if (s.deliveryNo == null || s.goodsIssueUpdate == null) {
            return Steps.needs("goods issue");
        }
        ctx.awaitUpdate(s.goodsIssueUpdate);
        ctx.work(0.3);
        DbSession db = ctx.db();
        String gi = db.queryOne(VL02N.DELIVERY_HEADER, rs -> rs.getString(1), s.deliveryNo);
        db.query(VL02N.DELIVERY_ITEMS, rs -> rs.getString(2), s.deliveryNo);
        String knumv = db.queryOne(VL01N.ORDER_HEADER, rs -> rs.getString(2), s.orderNo);
        db.query(VL01N.ORDER_ITEMS, rs -> rs.getBigDecimal(3), s.orderNo);
        db.query(VA03.CONDITIONS, rs -> rs.getString(2), knumv);
        if (!"C".equals(gi)) {
            return Steps.missing("goods issue of delivery " + s.deliveryNo);
        }
        return SdFunctions.billingChecks(ctx, s);
    }

    static StepOutcome save(StepContext ctx, LoopState s) throws SQLException, InterruptedException {
        if (s.deliveryNo == null || s.goodsIssueUpdate == null) {
            return Steps.needs("goods issue");
        }
        StepOutcome incomplete = SaveChecks.billing(s);
        if (!incomplete.ok()) {
            return incomplete;
        }
        StepOutcome lock = Steps.lockExclusive(ctx, "EVVBLKE", s.deliveryNo);
        if (!lock.ok()) {
            return lock;
        }
        String billing = Steps.docNo(ctx.nextNumber("RV_BELEG", "19"));
        String knumv = Steps.docNo(ctx.nextNumber("KONV", "01"));
        String belnr = Steps.docNo(ctx.nextNumber("RF_BELEG", "01"));
        ctx.work(0.5);
        var p = new Payloads.Billing(
                billing,
                s.deliveryNo,
                s.orderNo,
                knumv,
                belnr,
                s.user,
                s.customer,
                ctx.clock().wallMillis(),
                s.items);
        ctx.submitUpdate(
                "VF01",
                List.of(new UpdateCall(
                        BILLING_CREATE,
                        UpdateCall.Priority.V1,
                        Payloads.write(p, ctx.workload().updatePayloadBytes()))));
        return StepOutcome.Ok.INSTANCE;
    }

    /** V1: billing document, its conditions, flow, accounting and the status of order and delivery. */
    static final class BillingCreate implements UpdateModule {
        @Override
        public String name() {
            return BILLING_CREATE;
        }

        @Override
        public int execute(Pipeline db, byte[] payload) throws SQLException {
            var b = Payloads.read(payload, Payloads.Billing.class);
            Timestamp at = new Timestamp(b.billedMillis());
            int year = Instant.ofEpochMilli(b.billedMillis())
                    .atZone(ZoneOffset.UTC)
                    .getYear();
            BigDecimal net = b.items().stream().map(Item::value).reduce(BigDecimal.ZERO, BigDecimal::add);
            db.update(
                    INSERT_VBRK,
                    b.billing(),
                    b.user(),
                    b.kunnr(),
                    at,
                    b.knumv(),
                    net,
                    b.belnr(),
                    FillTable.template(b.billing(), b.user(), b.kunnr()));
            List<Object[]> vbrp = new ArrayList<>();
            List<Object[]> konv = new ArrayList<>();
            List<Object[]> flow = new ArrayList<>();
            List<Object[]> bseg = new ArrayList<>();
            BigDecimal gross = BigDecimal.ZERO;
            int line = 1;
            for (Item i : b.items()) {
                BigDecimal tax = i.value().multiply(TAX_RATE).setScale(2, RoundingMode.HALF_UP);
                gross = gross.add(i.value()).add(tax);
                vbrp.add(new Object[] {
                    b.billing(),
                    i.posnr(),
                    b.delivery(),
                    i.posnr(),
                    b.order(),
                    i.matnr(),
                    i.quantity(),
                    i.value(),
                    FillTable.template(b.billing(), i.posnr(), b.delivery())
                });
                konv.add(new Object[] {
                    b.knumv(), i.posnr(), 10, "PR00", i.price(), i.value(), FillTable.template(b.knumv(), i.posnr(), 10)
                });
                konv.add(new Object[] {
                    b.knumv(), i.posnr(), 20, "MWST", TAX_RATE, tax, FillTable.template(b.knumv(), i.posnr(), 20)
                });
                flow.add(new Object[] {
                    b.delivery(),
                    i.posnr(),
                    b.billing(),
                    i.posnr(),
                    "M",
                    i.quantity(),
                    at,
                    FillTable.template(b.delivery(), i.posnr(), b.billing())
                });
                bseg.add(new Object[] {
                    MasterKeys.BUKRS,
                    b.belnr(),
                    year,
                    ++line,
                    "S",
                    "H",
                    "0000800000",
                    i.value(),
                    FillTable.template(MasterKeys.BUKRS, b.belnr(), year)
                });
            }
            bseg.add(new Object[] {
                MasterKeys.BUKRS,
                b.belnr(),
                year,
                1,
                "D",
                "S",
                b.kunnr(),
                gross,
                FillTable.template(MasterKeys.BUKRS, b.belnr(), year)
            });
            db.batch(INSERT_VBRP, vbrp);
            db.batch(INSERT_KONV, konv);
            db.batch(INSERT_VBFA, flow);
            db.update(
                    INSERT_BKPF,
                    MasterKeys.BUKRS,
                    b.belnr(),
                    year,
                    at,
                    b.billing(),
                    FillTable.template(MasterKeys.BUKRS, b.belnr(), year));
            db.batch(INSERT_BSEG, bseg);
            db.update(INSERT_VBUK, b.billing(), FillTable.template(b.billing()));
            db.update(
                    "UPDATE vbuk SET fkstk = 'C', gbstk = 'C' WHERE mandt = '100' AND vbeln IN (?, ?)",
                    b.order(),
                    b.delivery());
            db.update("UPDATE vbup SET fksta = 'C', gbsta = 'C' WHERE mandt = '100' AND vbeln = ?", b.order());
            SdFunctions.billingCreate(db, b);
            // The loop reached the invoice and its update commits here: its items are fully processed.
            return b.items().size();
        }
    }
}
