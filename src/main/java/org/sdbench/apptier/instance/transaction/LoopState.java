package org.sdbench.apptier.instance.transaction;

import java.math.BigDecimal;
import java.util.List;
import org.sdbench.apptier.instance.update.UpdateHandle;

/**
 * One user's business state across the 15 steps of a loop: what the order, delivery, goods issue
 * and invoice steps need from the steps before them. It lives in the user's session (the roll
 * area), not in the work process.
 */
public final class LoopState {
    /** One order line item as the user entered it. */
    public record Item(int posnr, String matnr, String text, BigDecimal quantity, BigDecimal price) {
        public BigDecimal value() {
            return price.multiply(quantity);
        }
    }

    final int user;
    /** The user's plant never changes; kept across loops. */
    String plant;

    String customer;
    /** The pricing prestep found the customer's header discount (K007): its item accesses run. */
    boolean customerDiscount;

    List<Item> items = List.of();
    String orderNo;
    String orderConditions;
    UpdateHandle orderUpdate;
    String deliveryNo;
    UpdateHandle deliveryUpdate;
    UpdateHandle goodsIssueUpdate;
    List<String> listedOrders = List.of();
    String listCustomer;

    LoopState(int user) {
        this.user = user;
    }

    void reset() {
        customer = null;
        customerDiscount = false;
        items = List.of();
        orderNo = null;
        orderConditions = null;
        orderUpdate = null;
        deliveryNo = null;
        deliveryUpdate = null;
        goodsIssueUpdate = null;
        listedOrders = List.of();
        listCustomer = null;
    }
}
