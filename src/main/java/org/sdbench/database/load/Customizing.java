package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import org.sdbench.core.MasterKeys;

/**
 * The customizing an SD step reads through the table buffer, and its keys. An SAP system carries
 * hundreds of units, item categories and condition types; each material and customer uses a few
 * of them, so the buffer's working set grows with the users and materials loaded and a buffer
 * sized too small displaces entries (the hit ratio falls below the 98 % guideline).
 *
 * <p>Which entries a material or customer uses is a fixed function of its key (as the
 * material's sales unit or the customer's pricing procedure would be a field of its master
 * record), so the transactions find them without a lookup of their own.
 */
public final class Customizing {
    public static final int UNITS = 400;
    public static final int ITEM_CATEGORIES = 300;
    public static final int CONDITION_TYPES = 500;
    public static final int PRICING_PROCEDURES = 50;
    /** Condition steps per pricing procedure (T683S rows). */
    public static final int PROCEDURE_STEPS = 10;

    public static final int DELIVERY_TYPES = 40;
    public static final int BILLING_TYPES = 40;
    public static final int MOVEMENT_TYPES = 100;
    public static final int COMPANY_CODES = 10;
    private static final String[] VKORGS = {MasterKeys.VKORG, "2000", "3000", "4000"};
    private static final String[] VTWEGS = {MasterKeys.VTWEG, "20", "30"};
    private static final String[] SPARTS = {MasterKeys.SPART, "01", "02"};

    public static final String DELIVERY_TYPE = "LF";
    public static final String BILLING_TYPE = "F2";
    public static final String MOVEMENT_TYPE = "601";

    private Customizing() {}

    /** The material's sales unit (T006). */
    public static String unit(String matnr) {
        return MasterKeys.zeroPad(Math.floorMod(mix(matnr), UNITS), 3);
    }

    /** The material's item category (TVAP), from its item category group. */
    public static String itemCategory(String matnr) {
        return "P".concat(MasterKeys.zeroPad(Math.floorMod(mix(matnr) >>> 16, ITEM_CATEGORIES), 3));
    }

    /** The customer's pricing procedure (T683), from its customer pricing procedure field. */
    public static String pricingProcedure(String kunnr) {
        return procedure(Math.floorMod(mix(kunnr), PRICING_PROCEDURES));
    }

    /** The shipping point (TVST) of a plant. */
    public static String shippingPoint(String werks) {
        return "S".concat(werks.substring(1));
    }

    private static String procedure(int p) {
        return "PP".concat(MasterKeys.zeroPad(p, 4));
    }

    /** Condition type of step {@code step} (0-based) of procedure {@code p}: spread over all types. */
    private static String conditionType(int p, int step) {
        return "K".concat(MasterKeys.zeroPad(Math.floorMod(p * 37 + step * 53, CONDITION_TYPES), 3));
    }

    /** A stable, well-mixed hash (String.hashCode alone clusters on keys that differ in one digit). */
    private static int mix(String key) {
        int h = key.hashCode() * 0x9E3779B9;
        return h ^ (h >>> 15);
    }

    /** Rows of one customizing table. */
    static long rows(MasterTable t, int plants) {
        return switch (t) {
            case T001 -> COMPANY_CODES;
            case TVTA -> (long) VKORGS.length * VTWEGS.length * SPARTS.length;
            case TVST -> plants;
            case TVAP -> ITEM_CATEGORIES;
            case TVLK -> DELIVERY_TYPES;
            case TVFK -> BILLING_TYPES;
            case T683 -> PRICING_PROCEDURES;
            case T683S -> (long) PRICING_PROCEDURES * PROCEDURE_STEPS;
            case T685A -> CONDITION_TYPES + 2;
            case T006 -> UNITS + 1;
            case T156 -> MOVEMENT_TYPES;
            default -> throw new IllegalArgumentException(t + " is not a customizing table of this class");
        };
    }

    static void generate(MasterTable t, int plants, RowSink out) throws IOException, SQLException {
        switch (t) {
            case T001 -> {
                for (int i = 0; i < COMPANY_CODES; i++) {
                    row(
                            out,
                            i == 0 ? MasterKeys.BUKRS : Integer.toString(1000 + 100 * i),
                            "Company " + i,
                            MasterKeys.WAERS,
                            "DE");
                }
            }
            case TVTA -> {
                for (String o : VKORGS) {
                    for (String w : VTWEGS) {
                        for (String s : SPARTS) {
                            row(out, o, w, s, "Sales area " + o + "/" + w + "/" + s);
                        }
                    }
                }
            }
            case TVST -> {
                for (int p = 1; p <= plants; p++) {
                    String werks = MasterKeys.plant(p);
                    row(out, shippingPoint(werks), "Shipping point " + werks);
                }
            }
            case TVAP -> {
                for (int i = 0; i < ITEM_CATEGORIES; i++) {
                    row(out, "P".concat(MasterKeys.zeroPad(i, 3)), "Item category " + i, "X", i % 7 == 0 ? " " : "X");
                }
            }
            case TVLK -> {
                for (int i = 0; i < DELIVERY_TYPES; i++) {
                    row(out, i == 0 ? DELIVERY_TYPE : "L".concat(MasterKeys.zeroPad(i, 3)), "Delivery type " + i, "17");
                }
            }
            case TVFK -> {
                for (int i = 0; i < BILLING_TYPES; i++) {
                    row(
                            out,
                            i == 0 ? BILLING_TYPE : "B".concat(MasterKeys.zeroPad(i, 3)),
                            "Billing type " + i,
                            "19",
                            procedure(i % PRICING_PROCEDURES));
                }
            }
            case T683 -> {
                for (int p = 0; p < PRICING_PROCEDURES; p++) {
                    row(out, procedure(p), "Pricing procedure " + p);
                }
            }
            case T683S -> {
                for (int p = 0; p < PRICING_PROCEDURES; p++) {
                    for (int s = 0; s < PROCEDURE_STEPS; s++) {
                        out.text(procedure(p));
                        out.integer(10L * (s + 1));
                        out.text(conditionType(p, s));
                        out.endRow();
                    }
                }
            }
            case T685A -> {
                row(out, MasterKeys.PRICE_CONDITION, "B", "A", "Price");
                row(out, "MWST", "A", "D", "Output tax");
                for (int i = 0; i < CONDITION_TYPES; i++) {
                    row(out, "K".concat(MasterKeys.zeroPad(i, 3)), i % 2 == 0 ? "A" : "C", "A", "Condition " + i);
                }
            }
            case T006 -> {
                row(out, "ST", "AAAADL", "0");
                for (int i = 0; i < UNITS; i++) {
                    row(out, MasterKeys.zeroPad(i, 3), i % 3 == 0 ? "MASS" : "AAAADL", Integer.toString(i % 4));
                }
            }
            case T156 -> {
                for (int i = 0; i < MOVEMENT_TYPES; i++) {
                    row(
                            out,
                            Integer.toString(502 + i),
                            i == MOVEMENT_TYPES - 1 ? "H" : "S",
                            "Movement type " + (502 + i));
                }
            }
            default -> throw new IllegalArgumentException(t + " is not a customizing table of this class");
        }
    }

    /** One row of text columns (every column of these tables but T683S.STUNR is text). */
    private static void row(RowSink out, String... values) throws IOException, SQLException {
        for (String v : values) {
            out.text(v);
        }
        out.endRow();
    }
}
