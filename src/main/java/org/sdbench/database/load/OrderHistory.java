package org.sdbench.database.load;

import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.config.ConfigException;
import org.sdbench.core.MasterKeys;

/**
 * The document history 'sdbench load' writes with the master data: for every customer
 * {@link MasterDataSpec#historyOrders()} complete loops (order, delivery, goods issue, invoice),
 * one per day before the load, so VA05 finds a full list from the first step of a run. Every
 * value is a function of the seed, the user, the customer and the order's index; document
 * numbers are also a function of the number-range levels before this part of the history
 * ({@code bases}), so a later extension to more users draws its numbers above everything issued
 * so far and the ranges continue above the history.
 */
public final class OrderHistory {
    /** One line item of a history order; amounts in cents. */
    public record Item(int posnr, int material, String matnr, long quantity, long priceCents) {
        public long valueCents() {
            return priceCents * quantity;
        }

        /** Valuation of the goods issue: 60 % of the value, rounded half up (as VL02N computes it). */
        public long costCents() {
            return (valueCents() * 6 + 5) / 10;
        }

        /** Output tax at 19 %, rounded half up (as VA01 and VF01 compute it). */
        public long taxCents() {
            return (valueCents() * 19 + 50) / 100;
        }
    }

    /** One complete loop of the history, with every document number it uses. */
    public record Order(
            int user,
            int customer,
            String kunnr,
            String werks,
            String vbeln,
            String delivery,
            String billing,
            String mblnr,
            String belnrGoodsIssue,
            String belnrBilling,
            String changenr,
            String knumvOrder,
            String knumvBilling,
            LocalDateTime created,
            List<Item> items) {
        public long netCents() {
            return items.stream().mapToLong(Item::valueCents).sum();
        }

        public LocalDateTime delivered() {
            return created.plusHours(1);
        }

        public LocalDateTime goodsIssued() {
            return created.plusHours(2);
        }

        public LocalDateTime billed() {
            return created.plusHours(3);
        }
    }

    private final MasterDataSpec spec;
    private final int firstUser;
    private final Map<NrivIntervals.Interval, Long> bases;

    /**
     * @param firstUser the first user of this part of the history (1 for a full load)
     * @param bases     each interval's level before this part: its last number issued
     * @throws ConfigException when the history of users firstUser..spec.users() does not fit an interval
     */
    public OrderHistory(MasterDataSpec spec, int firstUser, Map<NrivIntervals.Interval, Long> bases) {
        this.spec = spec;
        this.firstUser = firstUser;
        this.bases = requireAll(bases);
        long orders = orders();
        for (NrivIntervals.Interval i : NrivIntervals.ALL) {
            long top = base(i) + orders * numbersPerOrder(i);
            if (top > i.to()) {
                throw new ConfigException("'run.users' = " + spec.users()
                        + " is not allowed with workload.listLength = "
                        + spec.historyOrders() + ": the order history needs numbers up to " + top + " of interval "
                        + i.label() + ", which ends at " + i.to());
            }
        }
    }

    /** The history of a fresh load: every interval starts at its first number. */
    public static OrderHistory initial(MasterDataSpec spec) {
        Map<NrivIntervals.Interval, Long> bases = new HashMap<>();
        NrivIntervals.ALL.forEach(i -> bases.put(i, i.initialLevel()));
        return new OrderHistory(spec, 1, bases);
    }

    /** Numbers a history order takes from an interval: conditions and accounting documents for order and invoice. */
    public static long numbersPerOrder(NrivIntervals.Interval i) {
        return i == NrivIntervals.CONDITIONS || i == NrivIntervals.ACCOUNTING ? 2 : 1;
    }

    public MasterDataSpec spec() {
        return spec;
    }

    /** Orders of this part of the history (users firstUser..spec.users()). */
    public long orders() {
        return (long) (spec.users() - firstUser + 1) * spec.customersPerUser() * spec.historyOrders();
    }

    public long base(NrivIntervals.Interval i) {
        return bases.get(i);
    }

    /** The interval's level after this part of the history: the last number it uses. */
    public long level(NrivIntervals.Interval i) {
        return base(i) + orders() * numbersPerOrder(i);
    }

    /** Order {@code k} (1..historyOrders) of customer {@code c} of user {@code u}: older orders have smaller k. */
    public Order order(int u, int c, int k) {
        long idx = ((long) (u - firstUser) * spec.customersPerUser() + (c - 1)) * spec.historyOrders() + (k - 1);
        int pool = spec.materialsPerUser();
        int n = Math.min(spec.lineItems(), pool);
        int first = (int) Math.floorMod(spec.hash(20, u, idx), (long) pool);
        List<Item> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int m = (first + i) % pool + 1;
            long qty = 1 + Math.floorMod(spec.hash(21, u, idx * 16 + i), 10L);
            items.add(new Item((i + 1) * 10, m, MasterKeys.matnr(u, m), qty, spec.priceCents(u, m)));
        }
        LocalDateTime created = spec.loadedAt()
                .truncatedTo(ChronoUnit.DAYS)
                .minusDays(spec.historyOrders() - k + 1L)
                .plusSeconds(8 * 3600 + Math.floorMod(spec.hash(22, u, idx), 8 * 3600L));
        return new Order(
                u,
                c,
                MasterKeys.kunnr(u, c),
                MasterKeys.werks(u, spec.plants()),
                number(NrivIntervals.ORDERS, idx, 1),
                number(NrivIntervals.DELIVERIES, idx, 1),
                number(NrivIntervals.BILLING, idx, 1),
                number(NrivIntervals.MATERIAL_DOCUMENTS, idx, 1),
                number(NrivIntervals.ACCOUNTING, idx, 1),
                number(NrivIntervals.ACCOUNTING, idx, 2),
                number(NrivIntervals.CHANGE_DOCUMENTS, idx, 1),
                number(NrivIntervals.CONDITIONS, idx, 1),
                number(NrivIntervals.CONDITIONS, idx, 2),
                created,
                List.copyOf(items));
    }

    /** What the history's goods issues took from each material of a user (index 1..materialsPerUser). */
    public record Issued(long[] quantity, long[] costCents) {}

    /** Quantity and valuation each material of user {@code u} lost to the history's goods issues. */
    public Issued issued(int u) {
        Issued out = new Issued(new long[spec.materialsPerUser() + 1], new long[spec.materialsPerUser() + 1]);
        if (u < firstUser) {
            return out;
        }
        for (int c = 1; c <= spec.customersPerUser(); c++) {
            for (int k = 1; k <= spec.historyOrders(); k++) {
                for (Item i : order(u, c, k).items()) {
                    out.quantity()[i.material()] += i.quantity();
                    out.costCents()[i.material()] += i.costCents();
                }
            }
        }
        return out;
    }

    private String number(NrivIntervals.Interval i, long idx, int j) {
        return MasterKeys.zeroPad(base(i) + idx * numbersPerOrder(i) + j, 10);
    }

    private static Map<NrivIntervals.Interval, Long> requireAll(Map<NrivIntervals.Interval, Long> m) {
        for (NrivIntervals.Interval i : NrivIntervals.ALL) {
            if (!m.containsKey(i)) {
                throw new IllegalArgumentException("no base level for interval " + i.label());
            }
        }
        return Map.copyOf(m);
    }
}
