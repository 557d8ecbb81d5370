package org.sdbench.database.load;

import java.time.LocalDate;
import org.sdbench.core.MasterKeys;

/**
 * Keys and shapes of the data SD's functions read besides the documents: which
 * condition records, partners, credit accounts and texts exist. The loader generates exactly these
 * and the dialog steps look them up by the same rules, so both sides agree without reading the
 * database first.
 *
 * <p>Pricing follows SAP's condition technique: the access sequence of PR00 reads the
 * customer/material table A005 first (a few special prices per customer), then the material table
 * A004, each with a validity period (an expired and a current price per material); K004 material
 * discounts exist for every third material, K007 customer discounts for odd-numbered customers
 * (the header prestep finds none for the others and the item accesses are skipped). K005
 * customer/material discounts are in the procedure but have no records: their access finds nothing,
 * as most accesses of a real procedure do. The VPRS cost comes from the valuation (MBEW).
 */
public final class SdMasterKeys {
    public static final String KAPPL_SALES = "V";
    public static final String MATERIAL_DISCOUNT = "K004";
    public static final String CUSTOMER_DISCOUNT = "K007";
    /** Customer/material discount (A005): in the procedure, with no records loaded, so its access finds nothing. */
    public static final String CUSTOMER_MATERIAL_DISCOUNT = "K005";
    /** Credit control area; the credit account is the customer itself. */
    public static final String KKBER = "1000";
    /** Requirements at plant level (SAP's BERID is the plant when MRP areas are off). */
    public static final String TEXT_RELID = "TX";

    public static final String TEXT_ID = "0001";
    public static final String LANGUAGE = "E";
    public static final String CUSTOMER_TEXT = "KNVV";
    public static final String MATERIAL_TEXT = "MVKE";
    public static final String ORDER_TEXT = "VBBK";
    /** Item texts of sales documents; none are loaded or written, so their lookups find nothing. */
    public static final String ORDER_ITEM_TEXT = "VBBP";
    /** Output types: order confirmation, delivery note, invoice. */
    public static final String OUTPUT_ORDER = "BA00";

    public static final String OUTPUT_DELIVERY = "LD00";
    public static final String OUTPUT_BILLING = "RD00";
    /** Partner functions an order gets from KNVP: sold-to, ship-to, bill-to, payer. */
    public static final String[] PARTNER_FUNCTIONS = {"AG", "WE", "RE", "RG"};

    public static final LocalDate VALID_FOREVER = LocalDate.of(9999, 12, 31);
    /** Customer-specific prices per customer (A005), at most the number of materials. */
    static final int CUSTOMER_PRICES = 2;

    private SdMasterKeys() {}

    /** TDNAME of a document item's text: document number and item number, as SAP's. */
    public static String itemTextName(String vbeln, int posnr) {
        return vbeln + MasterKeys.zeroPad(posnr, 6);
    }

    /** Whether material {@code m} has a K004 discount. */
    public static boolean materialDiscount(int m) {
        return m % 3 == 0;
    }

    /** Whether customer {@code c} has a K007 discount (the pricing prestep finds it). */
    public static boolean customerDiscount(int c) {
        return c % 2 == 1;
    }

    /** Whether material {@code m} has a sales text (MVKE). */
    public static boolean materialText(int m) {
        return m % 2 == 0;
    }

    /** Lines (STXL rows) of customer {@code c}'s sales text. */
    public static int customerTextLines(int c) {
        return 1 + c % 3;
    }

    /** The j-th (0-based) material with a customer price for customer c: distinct for j below the pool size. */
    static int customerPriceMaterial(int c, int j, int materialsPerUser) {
        return (c * 7 + j) % materialsPerUser + 1;
    }

    static int customerPrices(int materialsPerUser) {
        return Math.min(CUSTOMER_PRICES, materialsPerUser);
    }

    /** Partner number of function {@code f} (index into {@link #PARTNER_FUNCTIONS}) of customer c: the ship-to of odd customers is the next customer. */
    public static int partnerCustomer(int c, int f, int customersPerUser) {
        return f == 1 && c % 2 == 1 ? c % customersPerUser + 1 : c;
    }

    /** Text name of a customer's sales text: customer and sales area. */
    public static String customerTextName(String kunnr) {
        return kunnr.concat(MasterKeys.VKORG).concat(MasterKeys.VTWEG);
    }

    /** Text name of a material's sales text: material and sales organisation and channel. */
    public static String materialTextName(String matnr) {
        return matnr.concat(MasterKeys.VKORG).concat(MasterKeys.VTWEG);
    }

    static String expiredPriceRecord(long material) {
        return "P".concat(MasterKeys.zeroPad(material, 9));
    }

    static String discountRecord(long material) {
        return "D".concat(MasterKeys.zeroPad(material, 9));
    }

    static String customerPriceRecord(long customer, int j) {
        return "C".concat(MasterKeys.zeroPad(customer * CUSTOMER_PRICES + j, 9));
    }

    static String customerDiscountRecord(long customer) {
        return "K".concat(MasterKeys.zeroPad(customer, 9));
    }
}
