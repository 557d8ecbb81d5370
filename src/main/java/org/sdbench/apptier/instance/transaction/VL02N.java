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
import org.sdbench.apptier.instance.update.UpdateHandle;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.DbSession;
import org.sdbench.database.Pipeline;
import org.sdbench.database.load.FillTable;
import org.sdbench.protocol.StepOutcome;

/** VL02N, change delivery and post goods issue (steps 9-11). */
final class VL02N {
    private static final String INSERT_MKPF = FillTable.insert("mkpf", "mblnr, mjahr, budat, xblnr", "?, ?, ?, ?");
    private static final String INSERT_MSEG = FillTable.insert(
            "mseg", "mblnr, mjahr, zeile, bwart, matnr, werks, lgort, menge, dmbtr", "?, ?, ?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_VBFA =
            FillTable.insert("vbfa", "vbelv, posnv, vbeln, posnn, vbtyp_n, rfmng, erdat", "?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_BKPF =
            FillTable.insert("bkpf", "bukrs, belnr, gjahr, blart, budat, awkey", "?, ?, ?, 'WL', ?, ?");
    private static final String INSERT_BSEG = FillTable.insert(
            "bseg", "bukrs, belnr, gjahr, buzei, koart, shkzg, hkont, dmbtr", "?, ?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_CDHDR = FillTable.insert(
            "cdhdr", "objectclas, objectid, changenr, username, udate, tcode", "'LIEFERUNG', ?, ?, ?, ?, 'VL02N'");
    private static final String INSERT_CDPOS = FillTable.insert(
            "cdpos",
            "objectclas, objectid, changenr, tabname, tabkey, fname, value_new, value_old",
            "?, ?, ?, ?, ?, ?, ?, ?");
    static final String GOODS_ISSUE = "WS_DELIVERY_UPDATE_GI";
    static final String DELIVERY_HEADER = Steps.wholeRows("wbstk", "likp", "WHERE mandt = '100' AND vbeln = ?");
    static final String DELIVERY_ITEMS =
            Steps.wholeRows("posnr, matnr, lfimg", "lips", "WHERE mandt = '100' AND vbeln = ? ORDER BY posnr");
    /** Valuation at about 60 % of the sales price, as the loader sets MBEW. */
    private static final BigDecimal COST_SHARE = new BigDecimal("0.6");

    private VL02N() {}

    static StepOutcome enterDelivery(StepContext ctx, LoopState s)
            throws SQLException, InterruptedException, StepContext.UpdateWaitTimeout, StepContext.UpdateFailed {
        if (s.deliveryNo == null) {
            return Steps.needs("delivery");
        }
        ctx.awaitUpdate(s.deliveryUpdate);
        ctx.work(0.3);
        // The delivery stays locked for this user until goods issue hands the lock to the update task.
        StepOutcome lock = Steps.lockExclusive(ctx, "EVVBLKE", s.deliveryNo);
        if (!lock.ok()) {
            return lock;
        }
        DbSession db = ctx.db();
        String status = db.queryOne(DELIVERY_HEADER, rs -> rs.getString(1), s.deliveryNo);
        List<BigDecimal> qty = db.query(DELIVERY_ITEMS, rs -> rs.getBigDecimal(3), s.deliveryNo);
        return status == null || qty.size() != s.items.size()
                ? Steps.missing("delivery " + s.deliveryNo)
                : StepOutcome.Ok.INSTANCE;
    }

    /** Picking quantities are entered in the user context only; no database access in this step. */
    static StepOutcome changeQuantities(StepContext ctx, LoopState s) {
        return s.deliveryNo == null ? Steps.needs("delivery") : StepOutcome.Ok.INSTANCE;
    }

    static StepOutcome postGoodsIssue(StepContext ctx, LoopState s) throws SQLException, InterruptedException {
        if (s.deliveryNo == null) {
            return Steps.needs("delivery");
        }
        StepOutcome incomplete = SaveChecks.goodsIssue(s);
        if (!incomplete.ok()) {
            return incomplete;
        }
        DbSession db = ctx.db();
        String werks = Steps.plant(ctx, s);
        for (Item i : s.items) {
            // The goods movement checks each item's storage-location stock before posting.
            if (db.queryOne(VA01.STOCK, rs -> rs.getBigDecimal(1), i.matnr(), werks, MasterKeys.LGORT) == null) {
                return Steps.missing("stock of " + i.matnr());
            }
        }
        String mblnr = Steps.docNo(ctx.nextNumber("MATBELEG", "02"));
        String belnr = Steps.docNo(ctx.nextNumber("RF_BELEG", "01"));
        String changenr = Steps.docNo(ctx.nextNumber("AENDBELEG", "01"));
        ctx.work(0.5);
        var p = new Payloads.GoodsIssue(
                s.deliveryNo,
                s.orderNo,
                mblnr,
                belnr,
                changenr,
                ctx.user().userName(),
                Steps.plant(ctx, s),
                ctx.clock().wallMillis(),
                s.items);
        UpdateHandle h = ctx.submitUpdate(
                "VL02N",
                List.of(new UpdateCall(
                        GOODS_ISSUE,
                        UpdateCall.Priority.V1,
                        Payloads.write(p, ctx.workload().updatePayloadBytes()))));
        ctx.afterCommit(() -> s.goodsIssueUpdate = h);
        return StepOutcome.Ok.INSTANCE;
    }

    /** V1: material document, stock and valuation down, delivery status, flow, accounting, change documents. */
    static final class GoodsIssue implements UpdateModule {
        @Override
        public String name() {
            return GOODS_ISSUE;
        }

        @Override
        public int execute(Pipeline db, byte[] payload) throws SQLException {
            var g = Payloads.read(payload, Payloads.GoodsIssue.class);
            Timestamp at = new Timestamp(g.postedMillis());
            int year = Instant.ofEpochMilli(g.postedMillis())
                    .atZone(ZoneOffset.UTC)
                    .getYear();
            db.update(INSERT_MKPF, g.mblnr(), year, at, g.delivery(), FillTable.template(g.mblnr(), year, at));
            List<Object[]> mseg = new ArrayList<>();
            List<Object[]> stock = new ArrayList<>();
            List<Object[]> valuation = new ArrayList<>();
            List<Object[]> picked = new ArrayList<>();
            List<Object[]> flow = new ArrayList<>();
            List<Object[]> bseg = new ArrayList<>();
            List<Object[]> cdpos = new ArrayList<>();
            int line = 0;
            for (Item i : g.items()) {
                BigDecimal cost = i.value().multiply(COST_SHARE).setScale(2, RoundingMode.HALF_UP);
                mseg.add(new Object[] {
                    g.mblnr(),
                    year,
                    i.posnr(),
                    "601",
                    i.matnr(),
                    g.werks(),
                    MasterKeys.LGORT,
                    i.quantity(),
                    cost,
                    FillTable.template(g.mblnr(), year, i.posnr())
                });
                stock.add(new Object[] {i.quantity(), i.matnr(), g.werks(), MasterKeys.LGORT});
                valuation.add(new Object[] {i.quantity(), cost, i.matnr(), g.werks()});
                picked.add(new Object[] {i.quantity(), g.delivery(), i.posnr()});
                flow.add(new Object[] {
                    g.delivery(),
                    i.posnr(),
                    g.mblnr(),
                    i.posnr(),
                    "R",
                    i.quantity(),
                    at,
                    FillTable.template(g.delivery(), i.posnr(), g.mblnr())
                });
                for (List<String> p : MasterKeys.GOODS_ISSUE_POSTINGS) {
                    bseg.add(new Object[] {
                        MasterKeys.BUKRS,
                        g.belnr(),
                        year,
                        ++line,
                        "S",
                        p.get(0),
                        p.get(1),
                        cost,
                        FillTable.template(MasterKeys.BUKRS, g.belnr(), year)
                    });
                }
                cdpos.add(new Object[] {
                    "LIEFERUNG",
                    g.delivery(),
                    g.changenr(),
                    "LIPS",
                    g.delivery() + i.posnr(),
                    "PIKMG",
                    i.quantity().toPlainString(),
                    "0",
                    FillTable.template("LIEFERUNG", g.delivery(), g.changenr())
                });
            }
            db.batch(INSERT_MSEG, mseg);
            db.batch(
                    "UPDATE mard SET labst = labst - ? WHERE mandt = '100' AND matnr = ? AND werks = ? AND lgort = ?",
                    stock);
            db.batch(
                    "UPDATE mbew SET lbkum = lbkum - ?, salk3 = salk3 - ? WHERE mandt = '100' AND matnr = ? AND bwkey = ?",
                    valuation);
            db.update("UPDATE likp SET wadat_ist = ?, wbstk = 'C' WHERE mandt = '100' AND vbeln = ?", at, g.delivery());
            db.batch("UPDATE lips SET pikmg = ? WHERE mandt = '100' AND vbeln = ? AND posnr = ?", picked);
            db.batch(INSERT_VBFA, flow);
            db.update(
                    INSERT_BKPF,
                    MasterKeys.BUKRS,
                    g.belnr(),
                    year,
                    at,
                    g.mblnr() + year,
                    FillTable.template(MasterKeys.BUKRS, g.belnr(), year));
            db.batch(INSERT_BSEG, bseg);
            db.update(
                    INSERT_CDHDR,
                    g.delivery(),
                    g.changenr(),
                    g.userName(),
                    at,
                    FillTable.template(g.delivery(), g.changenr(), g.userName()));
            db.batch(INSERT_CDPOS, cdpos);
            db.update("UPDATE vbuk SET wbstk = 'C' WHERE mandt = '100' AND vbeln IN (?, ?)", g.delivery(), g.order());
            db.update("UPDATE vbup SET wbsta = 'C' WHERE mandt = '100' AND vbeln = ?", g.order());
            return 0;
        }
    }
}
