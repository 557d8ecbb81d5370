package org.sdbench.apptier.instance.transaction;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.sdbench.apptier.instance.StepContext;
import org.sdbench.apptier.instance.StepHandler;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepOutcome;

/** The SD loop as the app server runs it: each dialog step routed to its transaction. */
public final class SdTransactions implements StepHandler {

    /** The update modules the SD transactions write requests for. */
    public static Map<String, UpdateModule> updateModules() {
        return List.of(
                        new VA01.OrderCreate(),
                        new VA01.StatisticsUpdate(),
                        new VL01N.DeliveryCreate(),
                        new VL02N.GoodsIssue(),
                        new VF01.BillingCreate())
                .stream()
                .collect(Collectors.toUnmodifiableMap(UpdateModule::name, Function.identity()));
    }

    @Override
    public Object newUserState(int userNo) {
        return new LoopState(userNo);
    }

    @Override
    public void abandonLoop(Object state) {
        ((LoopState) state).reset();
    }

    @Override
    public StepOutcome execute(SdStep step, StepContext ctx) throws SQLException, InterruptedException {
        LoopState s = ctx.user().state(LoopState.class);
        ctx.syncTableBuffer();
        try {
            StepOutcome o = switch (step) {
                case VA01_INITIAL -> VA01.initial(ctx, s);
                case VA01_HEADER -> VA01.header(ctx, s);
                case VA01_ITEMS -> VA01.items(ctx, s);
                case VA01_SAVE -> VA01.save(ctx, s);
                case VL01N_SELECT_ORDER -> VL01N.selectOrder(ctx, s);
                case VL01N_SAVE -> VL01N.save(ctx, s);
                case VA03_ENTER_ORDER -> VA03.enterOrder(ctx, s);
                case VA03_DOCUMENT_FLOW -> VA03.documentFlow(ctx, s);
                case VL02N_ENTER_DELIVERY -> VL02N.enterDelivery(ctx, s);
                case VL02N_CHANGE_QUANTITIES -> VL02N.changeQuantities(ctx, s);
                case VL02N_POST_GOODS_ISSUE -> VL02N.postGoodsIssue(ctx, s);
                case VA05_LIST_ORDERS -> VA05.listOrders(ctx, s);
                case VA05_ORDER_DETAILS -> VA05.orderDetails(ctx, s);
                case VF01_ENTER_DELIVERY -> VF01.enterDelivery(ctx, s);
                case VF01_SAVE -> VF01.save(ctx, s);
            };
            return o.ok() ? BufferedReads.of(step, ctx, s) : o;
        } catch (StepContext.UpdateWaitTimeout e) {
            return new StepOutcome.Timeout("waiting for " + e.getMessage());
        } catch (StepContext.UpdateFailed e) {
            return new StepOutcome.Skipped("earlier update failed: " + e.getMessage());
        }
    }
}
