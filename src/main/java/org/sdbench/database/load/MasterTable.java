package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import org.sdbench.core.MasterKeys;

/**
 * The master-data tables 'sdbench load' fills, in load order, with their columns (all of the
 * DDL's) and how their rows are generated. Per-user tables are generated for a range of users;
 * global tables (customizing, number ranges at the level after the order history, the load
 * record) once. Stock and valuation start at the initial stock less the history's goods issues.
 * {@link #SDBENCH_LOAD} comes last ({@link LoadTable#all()}): its row marks a complete load.
 */
public enum MasterTable implements LoadTable {
    TVAK(false, "auart", "bezei", "numki"),
    TVKO(false, "vkorg", "bukrs", "waers"),
    T001W(false, "werks", "name1", "bwkey"),
    T001(false, "bukrs", "butxt", "waers", "land1"),
    TVTA(false, "vkorg", "vtweg", "spart", "vtext"),
    TVST(false, "vstel", "vtext"),
    TVAP(false, "pstyv", "vtext", "fkrel", "lfrel"),
    TVLK(false, "lfart", "vtext", "numki"),
    TVFK(false, "fkart", "vtext", "numki", "kalsm"),
    T683(false, "kalsm", "vtext"),
    T683S(false, "kalsm", "stunr", "kschl"),
    T685A(false, "kschl", "krech", "kntyp", "vtext"),
    T006(false, "msehi", "dimid", "andec"),
    T156(false, "bwart", "shkzg", "btext"),
    NRIV(false, "object", "nrrangenr", "fromnumber", "tonumber", "nrlevel"),
    KNA1(true, "kunnr", "user_no", "name1", "ort01", "land1"),
    KNVV(true, "kunnr", "vkorg", "vtweg", "spart", "kdgrp", "waers", "klimk"),
    MARA(true, "matnr", "user_no", "mtart", "meins", "brgew", "maktx"),
    MARC(true, "matnr", "werks", "dispo", "mtvfp"),
    MVKE(true, "matnr", "vkorg", "vtweg", "prodh"),
    KONP(true, "knumh", "kschl", "matnr", "kbetr", "konwa"),
    MARD(true, "matnr", "werks", "lgort", "labst"),
    MBEW(true, "matnr", "bwkey", "verpr", "lbkum", "salk3"),
    SDBENCH_LOAD(
            false,
            "users",
            "customers_per_user",
            "materials_per_user",
            "plants",
            "initial_stock",
            "seed",
            "loaded_at",
            "sdbench_version",
            "history_orders",
            "line_items");

    /** KNVV.KLIMK: a credit limit no run reaches (1e12 EUR), as unscaled cents. */
    static final long CREDIT_LIMIT_CENTS = 100_000_000_000_000L;

    private static final String[] CITIES = {
        "Walldorf",
        "Berlin",
        "Hamburg",
        "Munich",
        "Cologne",
        "Frankfurt",
        "Stuttgart",
        "Dresden",
        "Leipzig",
        "Hanover",
        "Nuremberg",
        "Bremen"
    };
    private static final String[] MATERIAL_TYPES = {"FERT", "HAWA"};

    private final boolean perUser;
    private final List<String> columns;

    MasterTable(boolean perUser, String... columns) {
        this.perUser = perUser;
        this.columns = List.of(columns);
    }

    @Override
    public List<String> loopColumns() {
        return columns;
    }

    @Override
    public boolean perUser() {
        return perUser;
    }

    @Override
    public long rows(MasterDataSpec s) {
        return switch (this) {
            case TVAK, TVKO, SDBENCH_LOAD -> 1;
            case T001W -> s.plants();
            case T001, TVTA, TVST, TVAP, TVLK, TVFK, T683, T683S, T685A, T006, T156 ->
                Customizing.rows(this, s.plants());
            case NRIV -> NrivIntervals.ALL.size();
            case KNA1, KNVV -> s.customers();
            case MARA, MARC, MVKE, MARD, MBEW -> s.materials();
            case KONP -> LoadTable.super.rows(s);
        };
    }

    @Override
    public long rowsPerUser(MasterDataSpec s) {
        return switch (this) {
            case KNA1, KNVV -> s.customersPerUser();
            case MARA, MARC, MVKE, MARD, MBEW -> s.materialsPerUser();
            // the current material prices, then the other condition records' items (SdTable)
            case KONP -> s.materialsPerUser() + ConditionRecords.itemsPerUser(s);
            default -> 0;
        };
    }

    @Override
    public void generate(OrderHistory h, int fromUser, int toUser, RowSink sink) throws IOException, SQLException {
        MasterDataSpec s = h.spec();
        LocalDate loaded = s.loadedAt().toLocalDate();
        FieldFillingSink out = new FieldFillingSink(sink, sapFields(), s.hash(300 + ordinal(), 0, 0), loaded);
        if (!perUser) {
            generateGlobal(h, out);
            return;
        }
        for (int u = fromUser; u <= toUser; u++) {
            if (this == KNA1 || this == KNVV) {
                for (int c = 1; c <= s.customersPerUser(); c++) {
                    out.entity(((long) u << 24) + c, created(s, loaded, u, c));
                    customer(s, u, c, out);
                    out.endRow();
                }
            } else {
                String werks = MasterKeys.werks(u, s.plants());
                OrderHistory.Issued issued = this == MARD || this == MBEW ? h.issued(u) : null;
                for (int m = 1; m <= s.materialsPerUser(); m++) {
                    out.entity(((long) u << 24) + m, created(s, loaded, u, -m));
                    material(
                            s,
                            u,
                            m,
                            werks,
                            issued == null ? 0 : issued.quantity()[m],
                            issued == null ? 0 : issued.costCents()[m],
                            out);
                    out.endRow();
                }
                if (this == KONP) {
                    ConditionRecords.items(s, u, out);
                }
            }
        }
    }

    /** When a master record was created: up to about four years before the load. */
    private static LocalDate created(MasterDataSpec s, LocalDate loaded, int u, int i) {
        return loaded.minusDays(30 + Math.floorMod(s.hash(7, u, i), 1500L));
    }

    private void customer(MasterDataSpec s, int u, int c, RowSink out) {
        String kunnr = MasterKeys.kunnr(u, c);
        if (this == KNA1) {
            out.text(kunnr);
            out.integer(u);
            out.text(MasterKeys.join("Customer ", u, '/', c));
            out.text(CITIES[(int) Math.floorMod(s.hash(2, u, c), (long) CITIES.length)]);
            out.text("DE");
        } else {
            out.text(kunnr);
            out.text(MasterKeys.VKORG);
            out.text(MasterKeys.VTWEG);
            out.text(MasterKeys.SPART);
            out.text(Math.floorMod(s.hash(3, u, c), 2L) == 0 ? "01" : "02");
            out.text(MasterKeys.WAERS);
            out.decimal(CREDIT_LIMIT_CENTS, 2);
        }
    }

    private void material(MasterDataSpec s, int u, int m, String werks, long issued, long issuedCost, RowSink out) {
        String matnr = MasterKeys.matnr(u, m);
        switch (this) {
            case MARA -> {
                out.text(matnr);
                out.integer(u);
                out.text(MATERIAL_TYPES[(int) Math.floorMod(s.hash(4, u, m), 2L)]);
                out.text("ST");
                out.decimal(100 + Math.floorMod(s.hash(5, u, m), 49_901L), 3); // 0.100 .. 50.000 kg
                out.text(MasterKeys.join("Material ", u, '-', m));
            }
            case MARC -> {
                out.text(matnr);
                out.text(werks);
                out.text("001");
                out.text("02");
            }
            case MVKE -> {
                out.text(matnr);
                out.text(MasterKeys.VKORG);
                out.text(MasterKeys.VTWEG);
                out.text("PH".concat(MasterKeys.zeroPad(Math.floorMod(s.hash(6, u, m), 100L), 4)));
            }
            case KONP -> {
                out.text(MasterKeys.zeroPad((long) (u - 1) * s.materialsPerUser() + m, 10));
                out.text(MasterKeys.PRICE_CONDITION);
                out.text(matnr);
                out.decimal(s.priceCents(u, m), 2);
                out.text(MasterKeys.WAERS);
            }
            case MARD -> {
                out.text(matnr);
                out.text(werks);
                out.text(MasterKeys.LGORT);
                out.decimal(s.initialStock() - issued, 0);
            }
            case MBEW -> {
                long verpr = MasterDataSpec.verprCents(s.priceCents(u, m));
                out.text(matnr);
                out.text(werks);
                out.decimal(verpr, 2);
                out.decimal(s.initialStock() - issued, 0);
                out.decimal(s.initialStock() * verpr - issuedCost, 2);
            }
            default -> throw new IllegalStateException(this + " is not a material table");
        }
    }

    private void generateGlobal(OrderHistory h, RowSink out) throws IOException, SQLException {
        MasterDataSpec s = h.spec();
        switch (this) {
            case TVAK -> {
                out.text(MasterKeys.ORDER_TYPE);
                out.text("Standard Order");
                out.text(MasterKeys.ORDER_NUMBER_RANGE);
                out.endRow();
            }
            case TVKO -> {
                out.text(MasterKeys.VKORG);
                out.text(MasterKeys.BUKRS);
                out.text(MasterKeys.WAERS);
                out.endRow();
            }
            case T001W -> {
                for (int p = 1; p <= s.plants(); p++) {
                    String werks = MasterKeys.plant(p);
                    out.text(werks);
                    out.text("Plant ".concat(werks));
                    out.text(werks);
                    out.endRow();
                }
            }
            case T001, TVTA, TVST, TVAP, TVLK, TVFK, T683, T683S, T685A, T006, T156 ->
                Customizing.generate(this, s.plants(), out);
            case NRIV -> {
                for (NrivIntervals.Interval i : NrivIntervals.ALL) {
                    out.text(i.object());
                    out.text(i.range());
                    out.integer(i.from());
                    out.integer(i.to());
                    out.integer(h.level(i));
                    out.endRow();
                }
            }
            case SDBENCH_LOAD -> {
                out.integer(s.users());
                out.integer(s.customersPerUser());
                out.integer(s.materialsPerUser());
                out.integer(s.plants());
                out.integer(s.initialStock());
                out.integer(s.seed());
                out.timestamp(s.loadedAt());
                out.text(s.version().length() > 40 ? s.version().substring(0, 40) : s.version());
                out.integer(s.historyOrders());
                out.integer(s.lineItems());
                out.endRow();
            }
            default -> throw new IllegalStateException(this + " is a per-user table");
        }
    }
}
