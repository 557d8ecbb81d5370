package org.sdbench.appserver.transaction;

import java.sql.SQLException;
import java.util.List;
import org.sdbench.appserver.StepContext;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.db.DbSession;

/** VA03, display sales order: enter order, document flow (steps 7-8). Read-only. */
final class VA03 {
    private VA03() {
    }

    static StepOutcome enterOrder(StepContext ctx, LoopState s) throws SQLException {
        if (s.orderNo == null) {
            return Steps.needs("sales order");
        }
        ctx.work(0.3);
        DbSession db = ctx.db();
        String knumv = db.queryOne("SELECT knumv FROM vbak WHERE mandt = '100' AND vbeln = ?", rs -> rs.getString(1), s.orderNo);
        List<Integer> items = db.query("SELECT posnr FROM vbap WHERE mandt = '100' AND vbeln = ? ORDER BY posnr", rs -> rs.getInt(1), s.orderNo);
        String status = db.queryOne("SELECT gbstk FROM vbuk WHERE mandt = '100' AND vbeln = ?", rs -> rs.getString(1), s.orderNo);
        db.query("SELECT posnr, lfsta FROM vbup WHERE mandt = '100' AND vbeln = ?", rs -> rs.getString(2), s.orderNo);
        db.query("SELECT kposn, kschl, kwert FROM konv WHERE mandt = '100' AND knumv = ?", rs -> rs.getString(2), knumv);
        return knumv == null || items.isEmpty() || status == null ? Steps.missing("order " + s.orderNo) : StepOutcome.Ok.INSTANCE;
    }

    static StepOutcome documentFlow(StepContext ctx, LoopState s) throws SQLException {
        if (s.orderNo == null) {
            return Steps.needs("sales order");
        }
        ctx.work(0.3);
        ctx.db().query("SELECT vbeln, posnn, vbtyp_n, rfmng FROM vbfa WHERE mandt = '100' AND vbelv = ? ORDER BY posnv, vbeln",
                rs -> rs.getString(1), s.orderNo);
        return StepOutcome.Ok.INSTANCE;
    }
}
