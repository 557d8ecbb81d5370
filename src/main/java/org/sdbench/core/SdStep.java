package org.sdbench.core;

import java.util.List;

/**
 * The 15 dialog steps of one benchmark loop, in order: create an order with five line items, create
 * its delivery, display the order, post the goods issue, list the customer's orders, invoice the
 * delivery (docs/work-model.md).
 */
public enum SdStep {
    VA01_INITIAL(Tx.VA01, "initial"),
    VA01_HEADER(Tx.VA01, "header"),
    VA01_ITEMS(Tx.VA01, "items"),
    VA01_SAVE(Tx.VA01, "save"),
    VL01N_SELECT_ORDER(Tx.VL01N, "select-order"),
    VL01N_SAVE(Tx.VL01N, "save"),
    VA03_ENTER_ORDER(Tx.VA03, "enter-order"),
    VA03_DOCUMENT_FLOW(Tx.VA03, "document-flow"),
    VL02N_ENTER_DELIVERY(Tx.VL02N, "enter-delivery"),
    VL02N_CHANGE_QUANTITIES(Tx.VL02N, "change-quantities"),
    VL02N_POST_GOODS_ISSUE(Tx.VL02N, "post-goods-issue"),
    VA05_LIST_ORDERS(Tx.VA05, "list-orders"),
    VA05_ORDER_DETAILS(Tx.VA05, "order-details"),
    VF01_ENTER_DELIVERY(Tx.VF01, "enter-delivery"),
    VF01_SAVE(Tx.VF01, "save");

    public static final List<SdStep> LOOP = List.of(values());

    private final Tx tx;
    private final String stepName;

    SdStep(Tx tx, String stepName) {
        this.tx = tx;
        this.stepName = stepName;
    }

    public Tx tx() {
        return tx;
    }

    public String stepName() {
        return stepName;
    }

    /** 1-based position in the loop: 1 for the first step of VA01, 15 for saving the invoice. */
    public int number() {
        return ordinal() + 1;
    }

    /** Label used in reports, e.g. {@code VA01/save}. */
    public String label() {
        return tx.name() + "/" + stepName;
    }
}
