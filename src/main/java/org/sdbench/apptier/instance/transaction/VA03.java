package org.sdbench.apptier.instance.transaction;

import java.sql.SQLException;
import java.util.List;
import org.sdbench.apptier.instance.StepContext;
import org.sdbench.database.DbSession;
import org.sdbench.protocol.StepOutcome;

/** VA03, display sales order: enter order, document flow (steps 7-8). Read-only. */
final class VA03 {
    private static final String HEADER_STATUS = Steps.wholeRows("gbstk", "vbuk", "WHERE mandt = '100' AND vbeln = ?");
    private static final String ITEM_STATUS =
            Steps.wholeRows("posnr, lfsta", "vbup", "WHERE mandt = '100' AND vbeln = ?");
    /** The document's pricing result, every condition line whole. */
    static final String CONDITIONS =
            Steps.wholeRows("kposn, kschl, kbetr, kwert", "konv", "WHERE mandt = '100' AND knumv = ?");

    private VA03() {}

    static StepOutcome enterOrder(StepContext ctx, LoopState s) throws SQLException {
        if (s.orderNo == null) {
            return Steps.needs("sales order");
        }
        ctx.work(0.3);
        DbSession db = ctx.db();
        String knumv = db.queryOne(VL01N.ORDER_HEADER, rs -> rs.getString(2), s.orderNo);
        List<Integer> items = db.query(VL01N.ORDER_ITEMS, rs -> rs.getInt(2), s.orderNo);
        String status = db.queryOne(HEADER_STATUS, rs -> rs.getString(1), s.orderNo);
        db.query(ITEM_STATUS, rs -> rs.getString(2), s.orderNo);
        db.query(CONDITIONS, rs -> rs.getString(2), knumv);
        SdFunctions.displayOrder(ctx, s);
        return knumv == null || items.isEmpty() || status == null
                ? Steps.missing("order " + s.orderNo)
                : StepOutcome.Ok.INSTANCE;
    }

    static StepOutcome documentFlow(StepContext ctx, LoopState s) throws SQLException {
        if (s.orderNo == null) {
            return Steps.needs("sales order");
        }
        ctx.work(0.3);
        ctx.db()
                .query(
                        "SELECT vbeln, posnn, vbtyp_n, rfmng FROM vbfa WHERE mandt = '100' AND vbelv = ? ORDER BY posnv, vbeln",
                        rs -> rs.getString(1),
                        s.orderNo);
        return StepOutcome.Ok.INSTANCE;
    }
}
