package org.sdbench.apptier.instance.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.protocol.StepOutcome;

/** Each save refuses a document with a gap, naming the document and what is missing; a whole one passes. */
class SaveChecksTest {
    private static final LoopState.Item ITEM = new LoopState.Item(10, "M1", "text", BigDecimal.ONE, BigDecimal.TEN);

    private static LoopState whole() {
        LoopState s = new LoopState(1);
        s.customer = "0000001001";
        s.items = List.of(ITEM);
        s.orderNo = "0000000001";
        s.deliveryNo = "0000000002";
        return s;
    }

    @Test
    void order_itemsWithoutSoldToParty_refusedAsIncompleteDocument() {
        // The issue's case: a fresh context after a logon elsewhere ran VA01's items step but not its initial screen.
        LoopState s = new LoopState(1);
        s.items = List.of(ITEM);
        assertEquals(new StepOutcome.IncompleteDocument("sales order", "sold-to party"), SaveChecks.order(s));
        assertEquals("incomplete-document", SaveChecks.order(s).kind());
    }

    @Test
    void order_freshContext_refusedNamingBothGaps() {
        assertEquals(
                new StepOutcome.IncompleteDocument("sales order", "sold-to party, line items"),
                SaveChecks.order(new LoopState(1)));
    }

    @Test
    void everySave_wholeContext_ok() {
        LoopState s = whole();
        assertEquals(StepOutcome.Ok.INSTANCE, SaveChecks.order(s));
        assertEquals(StepOutcome.Ok.INSTANCE, SaveChecks.delivery(s));
        assertEquals(StepOutcome.Ok.INSTANCE, SaveChecks.goodsIssue(s));
        assertEquals(StepOutcome.Ok.INSTANCE, SaveChecks.billing(s));
    }

    @Test
    void delivery_withoutCustomer_refused() {
        LoopState s = whole();
        s.customer = null;
        assertEquals(new StepOutcome.IncompleteDocument("delivery", "sold-to party"), SaveChecks.delivery(s));
    }

    @Test
    void goodsIssue_withoutOrderOrItems_refused() {
        LoopState s = whole();
        s.orderNo = null;
        s.items = List.of();
        assertEquals(
                new StepOutcome.IncompleteDocument("goods issue", "sales order, line items"), SaveChecks.goodsIssue(s));
    }

    @Test
    void billing_withoutOrderOrCustomer_refused() {
        LoopState s = whole();
        s.orderNo = null;
        s.customer = null;
        assertEquals(
                new StepOutcome.IncompleteDocument("billing document", "sales order, sold-to party"),
                SaveChecks.billing(s));
    }

    @Test
    void billing_resetContext_refusedForEveryField() {
        LoopState s = whole();
        s.reset();
        assertEquals(
                new StepOutcome.IncompleteDocument(
                        "billing document", "delivery, sales order, sold-to party, line items"),
                SaveChecks.billing(s));
    }
}
