package org.sdbench.apptier.instance.transaction;

import java.sql.SQLException;
import java.util.List;
import org.sdbench.apptier.instance.StepContext;
import org.sdbench.core.MasterKeys;
import org.sdbench.core.SdStep;
import org.sdbench.database.load.Customizing;
import org.sdbench.protocol.StepOutcome;

/**
 * The buffered customizing reads each SD dialog step makes besides its own SQL: document, item,
 * delivery and billing types, sales area, company code, shipping point, plant, units, movement
 * type, and pricing (the customer's procedure, its steps, each step's condition type). They go
 * through the instance's table buffer; a miss reads the row from the database.
 */
final class BufferedReads {
    private BufferedReads() {}

    /** Runs the step's buffer reads; a customizing entry that is not in the database fails the step. */
    static StepOutcome of(SdStep step, StepContext ctx, LoopState s) throws SQLException {
        Reads r = new Reads(ctx);
        switch (step) {
            case VA01_INITIAL -> {
                r.salesArea();
                r.one("T001", MasterKeys.BUKRS);
            }
            case VA01_HEADER -> r.pricing(s.customer, false);
            case VA01_ITEMS -> {
                r.one("T001W", Steps.plant(ctx, s));
                for (LoopState.Item i : s.items) {
                    r.one("TVAP", Customizing.itemCategory(i.matnr()));
                    r.one("T006", Customizing.unit(i.matnr()));
                }
                r.pricing(s.customer, true);
            }
            case VA01_SAVE -> r.one("TVAK", MasterKeys.ORDER_TYPE);
            case VL01N_SELECT_ORDER -> {
                r.one("TVLK", Customizing.DELIVERY_TYPE);
                r.one("TVST", Customizing.shippingPoint(Steps.plant(ctx, s)));
                r.one("T001W", Steps.plant(ctx, s));
            }
            case VL01N_SAVE, VA03_ENTER_ORDER, VA05_ORDER_DETAILS -> {
                r.one(
                        step == SdStep.VL01N_SAVE ? "TVLK" : "TVAK",
                        step == SdStep.VL01N_SAVE ? Customizing.DELIVERY_TYPE : MasterKeys.ORDER_TYPE);
                for (LoopState.Item i : s.items) {
                    r.one("TVAP", Customizing.itemCategory(i.matnr()));
                }
            }
            case VA03_DOCUMENT_FLOW -> {
                r.one("TVAK", MasterKeys.ORDER_TYPE);
                r.one("TVLK", Customizing.DELIVERY_TYPE);
                r.one("TVFK", Customizing.BILLING_TYPE);
            }
            case VL02N_ENTER_DELIVERY -> {
                r.one("TVLK", Customizing.DELIVERY_TYPE);
                r.one("TVST", Customizing.shippingPoint(Steps.plant(ctx, s)));
            }
            case VL02N_CHANGE_QUANTITIES -> {
                for (LoopState.Item i : s.items) {
                    r.one("T006", Customizing.unit(i.matnr()));
                }
            }
            case VL02N_POST_GOODS_ISSUE -> {
                r.one("T156", Customizing.MOVEMENT_TYPE);
                r.one("T001W", Steps.plant(ctx, s));
                r.one("T001", MasterKeys.BUKRS);
            }
            case VA05_LIST_ORDERS -> {
                r.one("TVAK", MasterKeys.ORDER_TYPE);
                r.salesArea();
            }
            case VF01_ENTER_DELIVERY -> {
                r.one("TVFK", Customizing.BILLING_TYPE);
                r.pricing(s.customer, false);
            }
            case VF01_SAVE -> {
                r.one("TVFK", Customizing.BILLING_TYPE);
                r.pricing(s.customer, true);
                r.one("T001", MasterKeys.BUKRS);
            }
        }
        return r.missing == null ? StepOutcome.Ok.INSTANCE : Steps.missing("customizing " + r.missing);
    }

    /** One step's reads; remembers the first entry that was not found. */
    private static final class Reads {
        private static final String SALES_AREA = MasterKeys.VKORG + "/" + MasterKeys.VTWEG + "/" + MasterKeys.SPART;

        private final StepContext ctx;
        private String missing;

        Reads(StepContext ctx) {
            this.ctx = ctx;
        }

        void one(String table, String key) throws SQLException {
            String sql = SQL.of(table);
            String v = ctx.buffered(table, key, () -> ctx.db().queryOne(sql, rs -> rs.getString(1), key));
            if (v == null && missing == null) {
                missing = table + " '" + key + "'";
            }
        }

        void salesArea() throws SQLException {
            String v = ctx.buffered(
                    "TVTA",
                    SALES_AREA,
                    () -> ctx.db()
                            .queryOne(
                                    "SELECT vtext FROM tvta WHERE mandt = '100' AND vkorg = ? AND vtweg = ? AND spart = ?",
                                    rs -> rs.getString(1),
                                    MasterKeys.VKORG,
                                    MasterKeys.VTWEG,
                                    MasterKeys.SPART));
            if (v == null && missing == null) {
                missing = "TVTA '" + SALES_AREA + "'";
            }
        }

        /**
         * The customer's pricing procedure (T683) and its steps (T683S, buffered generically: one
         * entry per procedure); with {@code conditions}, each step's condition type (T685A).
         */
        void pricing(String kunnr, boolean conditions) throws SQLException {
            if (kunnr == null) {
                return;
            }
            String kalsm = Customizing.pricingProcedure(kunnr);
            one("T683", kalsm);
            List<String> types = ctx.buffered("T683S", kalsm, () -> {
                List<String> l = ctx.db()
                        .query(
                                "SELECT kschl FROM t683s WHERE mandt = '100' AND kalsm = ? ORDER BY stunr",
                                rs -> rs.getString(1),
                                kalsm);
                return l.isEmpty() ? null : List.copyOf(l);
            });
            if (types == null) {
                if (missing == null) {
                    missing = "T683S '" + kalsm + "'";
                }
                return;
            }
            if (conditions) {
                for (String kschl : types) {
                    one("T685A", kschl);
                }
            }
        }
    }

    /** The single-record read per buffered table: its first text column by primary key. */
    private static final class SQL {
        static String of(String table) {
            return switch (table) {
                case "TVAK" -> "SELECT bezei FROM tvak WHERE mandt = '100' AND auart = ?";
                case "T001" -> "SELECT butxt FROM t001 WHERE mandt = '100' AND bukrs = ?";
                case "T001W" -> "SELECT name1 FROM t001w WHERE mandt = '100' AND werks = ?";
                case "TVST" -> "SELECT vtext FROM tvst WHERE mandt = '100' AND vstel = ?";
                case "TVAP" -> "SELECT vtext FROM tvap WHERE mandt = '100' AND pstyv = ?";
                case "TVLK" -> "SELECT vtext FROM tvlk WHERE mandt = '100' AND lfart = ?";
                case "TVFK" -> "SELECT vtext FROM tvfk WHERE mandt = '100' AND fkart = ?";
                case "T683" -> "SELECT vtext FROM t683 WHERE mandt = '100' AND kalsm = ?";
                case "T685A" -> "SELECT vtext FROM t685a WHERE mandt = '100' AND kschl = ?";
                case "T006" -> "SELECT dimid FROM t006 WHERE mandt = '100' AND msehi = ?";
                case "T156" -> "SELECT btext FROM t156 WHERE mandt = '100' AND bwart = ?";
                default -> throw new IllegalArgumentException("no buffered read for table " + table);
            };
        }
    }
}
