package org.sdbench.apptier.instance.transaction;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.protocol.StepOutcome;

/**
 * What each save demands of the user context before it draws a number, takes a lock or writes an
 * update request. An update module runs later, in another transaction and maybe in another process,
 * from the request alone: a document written with a field missing would fail there (state E) and
 * fail again on every re-post. So a save with a gap in its document refuses, as a counted step
 * error, and writes nothing. A context gets gaps when it did not see the whole loop, e.g. a fresh
 * one on another instance after the user's instance died mid-loop.
 */
final class SaveChecks {
    private SaveChecks() {}

    /** VA01: the sold-to party from the initial screen and the line items. */
    static StepOutcome order(LoopState s) {
        return refusal(
                "sales order",
                List.of(new Need("sold-to party", s.customer != null), new Need("line items", !s.items.isEmpty())));
    }

    /** VL01N: the order it delivers, with its customer and items. */
    static StepOutcome delivery(LoopState s) {
        return refusal(
                "delivery",
                List.of(
                        new Need("sales order", s.orderNo != null),
                        new Need("sold-to party", s.customer != null),
                        new Need("line items", !s.items.isEmpty())));
    }

    /** VL02N: the delivery and its order, and the items to issue. */
    static StepOutcome goodsIssue(LoopState s) {
        return refusal(
                "goods issue",
                List.of(
                        new Need("delivery", s.deliveryNo != null),
                        new Need("sales order", s.orderNo != null),
                        new Need("line items", !s.items.isEmpty())));
    }

    /** VF01: the delivery (its goods issue is VF01's own first check), its order, the payer and the items to bill. */
    static StepOutcome billing(LoopState s) {
        return refusal(
                "billing document",
                List.of(
                        new Need("delivery", s.deliveryNo != null),
                        new Need("sales order", s.orderNo != null),
                        new Need("sold-to party", s.customer != null),
                        new Need("line items", !s.items.isEmpty())));
    }

    private record Need(String field, boolean present) {}

    private static StepOutcome refusal(String document, List<Need> needs) {
        List<String> missing = new ArrayList<>(2);
        for (Need n : needs) {
            if (!n.present()) {
                missing.add(n.field());
            }
        }
        return missing.isEmpty()
                ? StepOutcome.Ok.INSTANCE
                : new StepOutcome.IncompleteDocument(document, String.join(", ", missing));
    }
}
