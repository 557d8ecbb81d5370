package org.sdbench.apptier.instance.transaction;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Timestamp;
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

/** VL01N, create outbound delivery for the order: select order, save (steps 5-6). */
final class VL01N {
    private static final String INSERT_LIKP = FillTable.insert(
            "likp", "vbeln, user_no, lfart, kunnr, erdat, wadat_ist, wbstk", "?, ?, 'LF', ?, ?, NULL, 'A'");
    private static final String INSERT_LIPS = FillTable.insert(
            "lips", "vbeln, posnr, vgbel, vgpos, matnr, werks, lgort, lfimg, pikmg", "?, ?, ?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_VBFA =
            FillTable.insert("vbfa", "vbelv, posnv, vbeln, posnn, vbtyp_n, rfmng, erdat", "?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_VBUK =
            FillTable.insert("vbuk", "vbeln, gbstk, lfstk, wbstk, fkstk", "?, 'A', ' ', 'A', 'A'");
    static final String DELIVERY_CREATE = "WS_DELIVERY_CREATE";
    static final String ORDER_HEADER = Steps.wholeRows("kunnr, knumv", "vbak", "WHERE mandt = '100' AND vbeln = ?");
    static final String ORDER_ITEMS =
            Steps.wholeRows("matnr, posnr, netwr", "vbap", "WHERE mandt = '100' AND vbeln = ? ORDER BY posnr");
    private static final String SCHEDULE_LINES =
            Steps.wholeRows("bmeng", "vbep", "WHERE mandt = '100' AND vbeln = ? ORDER BY posnr, etenr");

    private VL01N() {}

    static StepOutcome selectOrder(StepContext ctx, LoopState s)
            throws SQLException, InterruptedException, StepContext.UpdateWaitTimeout, StepContext.UpdateFailed {
        if (s.orderNo == null) {
            return Steps.needs("sales order");
        }
        // The order exists only once VA01's asynchronous update has committed: wait for it (measured).
        ctx.awaitUpdate(s.orderUpdate);
        ctx.work(0.3);
        DbSession db = ctx.db();
        String kunnr = db.queryOne(ORDER_HEADER, rs -> rs.getString(1), s.orderNo);
        List<String> items = db.query(ORDER_ITEMS, rs -> rs.getString(1), s.orderNo);
        List<BigDecimal> confirmed = db.query(SCHEDULE_LINES, rs -> rs.getBigDecimal(1), s.orderNo);
        if (kunnr == null || items.size() != s.items.size() || confirmed.size() != s.items.size()) {
            return Steps.missing("order " + s.orderNo);
        }
        String werks = Steps.plant(ctx, s);
        ctx.work(0.3);
        for (String matnr : items) {
            // Per item: shipping data and the availability check's group (MARC), then the stock.
            String checkingGroup = db.queryOne(VA01.PLANT_DATA, rs -> rs.getString(1), matnr, werks);
            BigDecimal stock = db.queryOne(VA01.STOCK, rs -> rs.getBigDecimal(1), matnr, werks, MasterKeys.LGORT);
            if (checkingGroup == null || stock == null) {
                return Steps.missing("plant data or stock of " + matnr);
            }
        }
        return SdFunctions.deliveryChecks(ctx, s, werks);
    }

    static StepOutcome save(StepContext ctx, LoopState s) throws SQLException, InterruptedException {
        if (s.orderNo == null) {
            return Steps.needs("sales order");
        }
        StepOutcome incomplete = SaveChecks.delivery(s);
        if (!incomplete.ok()) {
            return incomplete;
        }
        StepOutcome orderLock = Steps.lockExclusive(ctx, "EVVBAKE", s.orderNo);
        if (!orderLock.ok()) {
            return orderLock;
        }
        String delivery = Steps.docNo(ctx.nextNumber("RV_BELEG", "17"));
        ctx.work(0.5);
        StepOutcome deliveryLock = Steps.lockExclusive(ctx, "EVVBLKE", delivery);
        if (!deliveryLock.ok()) {
            return deliveryLock;
        }
        var p = new Payloads.Delivery(
                delivery,
                s.orderNo,
                s.user,
                s.customer,
                Steps.plant(ctx, s),
                ctx.clock().wallMillis(),
                s.items);
        UpdateHandle h = ctx.submitUpdate(
                "VL01N",
                List.of(new UpdateCall(
                        DELIVERY_CREATE,
                        UpdateCall.Priority.V1,
                        Payloads.write(p, ctx.workload().updatePayloadBytes()))));
        ctx.afterCommit(() -> {
            s.deliveryNo = delivery;
            s.deliveryUpdate = h;
        });
        return StepOutcome.Ok.INSTANCE;
    }

    /** V1: delivery header and items, document flow order to delivery, order delivery status. */
    static final class DeliveryCreate implements UpdateModule {
        @Override
        public String name() {
            return DELIVERY_CREATE;
        }

        @Override
        public int execute(Pipeline db, byte[] payload) throws SQLException {
            var d = Payloads.read(payload, Payloads.Delivery.class);
            Timestamp at = new Timestamp(d.createdMillis());
            db.update(
                    INSERT_LIKP,
                    d.delivery(),
                    d.user(),
                    d.kunnr(),
                    at,
                    FillTable.template(d.delivery(), d.user(), d.kunnr()));
            List<Object[]> lips = new ArrayList<>();
            List<Object[]> flow = new ArrayList<>();
            for (Item i : d.items()) {
                lips.add(new Object[] {
                    d.delivery(),
                    i.posnr(),
                    d.order(),
                    i.posnr(),
                    i.matnr(),
                    d.werks(),
                    MasterKeys.LGORT,
                    i.quantity(),
                    BigDecimal.ZERO,
                    FillTable.template(d.delivery(), i.posnr(), d.order())
                });
                flow.add(new Object[] {
                    d.order(),
                    i.posnr(),
                    d.delivery(),
                    i.posnr(),
                    "J",
                    i.quantity(),
                    at,
                    FillTable.template(d.order(), i.posnr(), d.delivery())
                });
            }
            db.batch(INSERT_LIPS, lips);
            db.batch(INSERT_VBFA, flow);
            db.update(INSERT_VBUK, d.delivery(), FillTable.template(d.delivery()));
            db.update("UPDATE vbuk SET lfstk = 'C', gbstk = 'B' WHERE mandt = '100' AND vbeln = ?", d.order());
            db.update("UPDATE vbup SET lfsta = 'C', gbsta = 'B' WHERE mandt = '100' AND vbeln = ?", d.order());
            SdFunctions.deliveryCreate(db, d);
            return 0;
        }
    }
}
