package org.sdbench.apptier.instance.transaction;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.apptier.instance.StepContext;
import org.sdbench.core.MasterKeys;
import org.sdbench.protocol.StepOutcome;

/** VA05, list sales orders of one sold-to party and show their items (steps 12-13). Read-only. */
final class VA05 {
    private VA05() {}

    static StepOutcome listOrders(StepContext ctx, LoopState s) throws SQLException {
        int c = 1 + ctx.user().random().nextInt(ctx.workload().customersPerUser());
        s.listCustomer = MasterKeys.kunnr(s.user, c);
        ctx.work(0.3);
        int n = ctx.workload().listLength();
        s.listedOrders = List.copyOf(ctx.db()
                .query(
                        "SELECT p.vbeln FROM vakpa p JOIN vbak k ON k.mandt = p.mandt AND k.vbeln = p.vbeln"
                                + " WHERE p.mandt = '100' AND p.kunde = ? AND p.parvw = 'AG'"
                                + " ORDER BY p.audat DESC " + ctx.db().dialect().firstRows(n),
                        rs -> rs.getString(1),
                        s.listCustomer));
        return StepOutcome.Ok.INSTANCE;
    }

    static StepOutcome orderDetails(StepContext ctx, LoopState s) throws SQLException {
        if (s.listedOrders.isEmpty()) {
            // A customer without orders yet (start of a run): the list screen shows nothing to expand.
            return StepOutcome.Ok.INSTANCE;
        }
        ctx.work(0.3);
        int n = ctx.workload().listLength();
        Object[] params = new Object[n];
        List<String> listed = s.listedOrders;
        for (int i = 0; i < n; i++) {
            params[i] = listed.get(Math.min(i, listed.size() - 1));
        }
        List<String> rows = new ArrayList<>(ctx.db()
                .query(
                        "SELECT vbeln, posnr, matnr, kwmeng, netwr FROM vbap WHERE mandt = '100' AND vbeln IN ("
                                + Steps.marks(n) + ") ORDER BY vbeln, posnr",
                        rs -> rs.getString(1),
                        params));
        return rows.isEmpty() ? Steps.missing("items of listed orders") : StepOutcome.Ok.INSTANCE;
    }
}
