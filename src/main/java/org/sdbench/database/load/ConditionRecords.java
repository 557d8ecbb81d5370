package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import java.time.LocalDate;
import org.sdbench.core.MasterKeys;

/**
 * The condition records of each user's materials and customers as the load writes them: the access tables (A004,
 * A005, A007), their headers (KONH) and their KONP items, all from the same keys so they join up.
 */
final class ConditionRecords {
    private ConditionRecords() {}

    /** KONP items of the condition records beyond the current material prices, written with MasterTable.KONP. */
    static long itemsPerUser(MasterDataSpec s) {
        return s.materialsPerUser()
                + s.materialsPerUser() / 3
                + (long) s.customersPerUser() * SdMasterKeys.customerPrices(s.materialsPerUser())
                + (s.customersPerUser() + 1) / 2;
    }

    /** Writes user u's KONP items of {@link #itemsPerUser}, columns as MasterTable.KONP. */
    static void items(MasterDataSpec s, int u, RowSink out) throws IOException, SQLException {
        write(null, s, u, s.loadedAt().toLocalDate(), out);
    }

    /** Condition records of user u: of table {@code t}, or their KONP items when t is null. */
    static void write(SdTable t, MasterDataSpec s, int u, LocalDate loaded, RowSink out)
            throws IOException, SQLException {
        LocalDate from = loaded.minusDays(365);
        LocalDate expiredFrom = loaded.minusDays(730);
        LocalDate expiredTo = loaded.minusDays(366);
        for (int m = 1; m <= s.materialsPerUser(); m++) {
            long idx = (long) (u - 1) * s.materialsPerUser() + m;
            String matnr = MasterKeys.matnr(u, m);
            long price = s.priceCents(u, m);
            String current = MasterKeys.zeroPad(idx, 10);
            String expired = SdMasterKeys.expiredPriceRecord(idx);
            switch (t == null ? "KONP" : t.name()) {
                case "A004" -> {
                    record(out, MasterKeys.PRICE_CONDITION, null, matnr, expiredTo, expiredFrom, expired);
                    record(out, MasterKeys.PRICE_CONDITION, null, matnr, SdMasterKeys.VALID_FOREVER, from, current);
                    if (SdMasterKeys.materialDiscount(m)) {
                        record(
                                out,
                                SdMasterKeys.MATERIAL_DISCOUNT,
                                null,
                                matnr,
                                SdMasterKeys.VALID_FOREVER,
                                from,
                                SdMasterKeys.discountRecord(idx));
                    }
                }
                case "KONH" -> {
                    header(out, expired, "004", MasterKeys.PRICE_CONDITION, matnr, expiredFrom, expiredTo);
                    header(out, current, "004", MasterKeys.PRICE_CONDITION, matnr, from, SdMasterKeys.VALID_FOREVER);
                    if (SdMasterKeys.materialDiscount(m)) {
                        header(
                                out,
                                SdMasterKeys.discountRecord(idx),
                                "004",
                                SdMasterKeys.MATERIAL_DISCOUNT,
                                matnr,
                                from,
                                SdMasterKeys.VALID_FOREVER);
                    }
                }
                case "KONP" -> {
                    item(out, expired, MasterKeys.PRICE_CONDITION, matnr, price * 9 / 10);
                    if (SdMasterKeys.materialDiscount(m)) {
                        item(
                                out,
                                SdMasterKeys.discountRecord(idx),
                                SdMasterKeys.MATERIAL_DISCOUNT,
                                matnr,
                                -(100 + m % 4 * 50L));
                    }
                }
                default -> {}
            }
        }
        for (int c = 1; c <= s.customersPerUser(); c++) {
            long cidx = (long) (u - 1) * s.customersPerUser() + c;
            String kunnr = MasterKeys.kunnr(u, c);
            for (int j = 0; j < SdMasterKeys.customerPrices(s.materialsPerUser()); j++) {
                int m = SdMasterKeys.customerPriceMaterial(c, j, s.materialsPerUser());
                String matnr = MasterKeys.matnr(u, m);
                String knumh = SdMasterKeys.customerPriceRecord(cidx, j);
                switch (t == null ? "KONP" : t.name()) {
                    case "A005" ->
                        record(out, MasterKeys.PRICE_CONDITION, kunnr, matnr, SdMasterKeys.VALID_FOREVER, from, knumh);
                    case "KONH" ->
                        header(
                                out,
                                knumh,
                                "005",
                                MasterKeys.PRICE_CONDITION,
                                kunnr.concat(matnr),
                                from,
                                SdMasterKeys.VALID_FOREVER);
                    case "KONP" -> item(out, knumh, MasterKeys.PRICE_CONDITION, matnr, s.priceCents(u, m) * 95 / 100);
                    default -> {}
                }
            }
            if (SdMasterKeys.customerDiscount(c)) {
                String knumh = SdMasterKeys.customerDiscountRecord(cidx);
                switch (t == null ? "KONP" : t.name()) {
                    case "A007" ->
                        record(
                                out,
                                SdMasterKeys.CUSTOMER_DISCOUNT,
                                kunnr,
                                null,
                                SdMasterKeys.VALID_FOREVER,
                                from,
                                knumh);
                    case "KONH" ->
                        header(
                                out,
                                knumh,
                                "007",
                                SdMasterKeys.CUSTOMER_DISCOUNT,
                                kunnr,
                                from,
                                SdMasterKeys.VALID_FOREVER);
                    case "KONP" -> item(out, knumh, SdMasterKeys.CUSTOMER_DISCOUNT, " ", -(200 + c % 3 * 100L));
                    default -> {}
                }
            }
        }
    }

    private static void record(
            RowSink out, String kschl, String kunnr, String matnr, LocalDate datbi, LocalDate datab, String knumh)
            throws IOException, SQLException {
        out.text(SdMasterKeys.KAPPL_SALES);
        out.text(kschl);
        out.text(MasterKeys.VKORG);
        out.text(MasterKeys.VTWEG);
        if (kunnr != null) {
            out.text(kunnr);
        }
        if (matnr != null) {
            out.text(matnr);
        }
        out.date(datbi);
        out.date(datab);
        out.text(knumh);
        out.endRow();
    }

    private static void header(
            RowSink out, String knumh, String table, String kschl, String vakey, LocalDate datab, LocalDate datbi)
            throws IOException, SQLException {
        out.text(knumh);
        out.text("A");
        out.text(table);
        out.text(SdMasterKeys.KAPPL_SALES);
        out.text(kschl);
        out.text(vakey);
        out.date(datab);
        out.date(datbi);
        out.endRow();
    }

    private static void item(RowSink out, String knumh, String kschl, String matnr, long kbetrCents)
            throws IOException, SQLException {
        out.text(knumh);
        out.text(kschl);
        out.text(matnr);
        out.decimal(kbetrCents, 2);
        out.text(MasterKeys.WAERS);
        out.endRow();
    }
}
