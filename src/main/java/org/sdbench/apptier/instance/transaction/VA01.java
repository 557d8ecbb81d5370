package org.sdbench.apptier.instance.transaction;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.sdbench.apptier.instance.StepContext;
import org.sdbench.apptier.instance.transaction.LoopState.Item;
import org.sdbench.apptier.instance.update.UpdateCall;
import org.sdbench.apptier.instance.update.UpdateHandle;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.DbSession;
import org.sdbench.database.Dialect;
import org.sdbench.database.Pipeline;
import org.sdbench.database.load.FillTable;
import org.sdbench.protocol.StepOutcome;

/** VA01, create sales order: initial screen, header, line items, save (steps 1-4). */
final class VA01 {
    private static final String INSERT_VBAK = FillTable.insert(
            "vbak", "vbeln, user_no, erdat, auart, vkorg, kunnr, knumv, netwr, waerk", "?, ?, ?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_VBAP =
            FillTable.insert("vbap", "vbeln, posnr, matnr, werks, kwmeng, netwr, arktx", "?, ?, ?, ?, ?, ?, ?");
    private static final String INSERT_VBEP =
            FillTable.insert("vbep", "vbeln, posnr, etenr, edatu, wmeng, bmeng", "?, ?, ?, ?, ?, ?");
    private static final String INSERT_VBUK =
            FillTable.insert("vbuk", "vbeln, gbstk, lfstk, wbstk, fkstk", "?, 'A', 'A', ' ', 'A'");
    private static final String INSERT_VBUP =
            FillTable.insert("vbup", "vbeln, posnr, gbsta, lfsta, wbsta, fksta", "?, ?, ?, ?, ?, ?");
    private static final String INSERT_KONV =
            FillTable.insert("konv", "knumv, kposn, stunr, kschl, kbetr, kwert", "?, ?, ?, ?, ?, ?");
    private static final String INSERT_VAKPA = FillTable.insert("vakpa", "kunde, parvw, vbeln, audat", "?, 'AG', ?, ?");
    private static final String CUSTOMER = Steps.wholeRows("name1", "kna1", "WHERE mandt = '100' AND kunnr = ?");
    private static final String SALES_AREA_DATA = Steps.wholeRows(
            "klimk", "knvv", "WHERE mandt = '100' AND kunnr = ? AND vkorg = ? AND vtweg = ? AND spart = ?");
    private static final String MATERIAL = Steps.wholeRows("maktx", "mara", "WHERE mandt = '100' AND matnr = ?");
    static final String PLANT_DATA =
            Steps.wholeRows("mtvfp", "marc", "WHERE mandt = '100' AND matnr = ? AND werks = ?");
    private static final String SALES_DATA =
            Steps.wholeRows("prodh", "mvke", "WHERE mandt = '100' AND matnr = ? AND vkorg = ? AND vtweg = ?");
    static final String STOCK =
            Steps.wholeRows("labst", "mard", "WHERE mandt = '100' AND matnr = ? AND werks = ? AND lgort = ?");
    static final String ORDER_CREATE = "SD_ORDER_CREATE";
    static final String SALES_STATISTICS = "SD_STATISTICS_UPDATE";
    private static final BigDecimal TAX_RATE = new BigDecimal("0.19");

    private VA01() {}

    static StepOutcome initial(StepContext ctx, LoopState s) throws SQLException {
        s.reset();
        ctx.work(0.5);
        DbSession db = ctx.db();
        String numki = ctx.buffered(
                "TVAK",
                MasterKeys.ORDER_TYPE,
                () -> db.queryOne(
                        "SELECT numki FROM tvak WHERE mandt = '100' AND auart = ?",
                        rs -> rs.getString(1),
                        MasterKeys.ORDER_TYPE));
        String bukrs = ctx.buffered(
                "TVKO",
                MasterKeys.VKORG,
                () -> db.queryOne(
                        "SELECT bukrs FROM tvko WHERE mandt = '100' AND vkorg = ?",
                        rs -> rs.getString(1),
                        MasterKeys.VKORG));
        if (numki == null || bukrs == null) {
            return Steps.missing("customizing TVAK/TVKO");
        }
        int c = 1 + ctx.user().random().nextInt(ctx.workload().customersPerUser());
        s.customer = MasterKeys.kunnr(s.user, c);
        return StepOutcome.Ok.INSTANCE;
    }

    static StepOutcome header(StepContext ctx, LoopState s) throws SQLException {
        ctx.work(0.3);
        DbSession db = ctx.db();
        String name = db.queryOne(CUSTOMER, rs -> rs.getString(1), s.customer);
        BigDecimal limit = db.queryOne(
                SALES_AREA_DATA,
                rs -> rs.getBigDecimal(1),
                s.customer,
                MasterKeys.VKORG,
                MasterKeys.VTWEG,
                MasterKeys.SPART);
        return name == null || limit == null ? Steps.missing("customer " + s.customer) : SdFunctions.header(ctx, s);
    }

    static StepOutcome items(StepContext ctx, LoopState s) throws SQLException {
        DbSession db = ctx.db();
        int n = ctx.workload().lineItems();
        int pool = ctx.workload().materialsPerUser();
        String werks = Steps.plant(ctx, s);
        List<Integer> picks = Steps.distinct(ctx.user().random(), n, pool);
        List<Item> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String matnr = MasterKeys.matnr(s.user, picks.get(i));
            ctx.work(0.8 / n);
            String text = db.queryOne(MATERIAL, rs -> rs.getString(1), matnr);
            String avail = db.queryOne(PLANT_DATA, rs -> rs.getString(1), matnr, werks);
            String prodh = db.queryOne(SALES_DATA, rs -> rs.getString(1), matnr, MasterKeys.VKORG, MasterKeys.VTWEG);
            BigDecimal stock = db.queryOne(STOCK, rs -> rs.getBigDecimal(1), matnr, werks, MasterKeys.LGORT);
            BigDecimal price = SdFunctions.item(ctx, s, matnr, werks);
            if (text == null || avail == null || prodh == null || stock == null || price == null) {
                return Steps.missing("material " + matnr + " in plant " + werks);
            }
            BigDecimal qty = BigDecimal.valueOf(1 + ctx.user().random().nextInt(10));
            items.add(new Item((i + 1) * 10, matnr, text, qty, price));
        }
        s.items = List.copyOf(items);
        return StepOutcome.Ok.INSTANCE;
    }

    static StepOutcome save(StepContext ctx, LoopState s) throws SQLException, InterruptedException {
        StepOutcome incomplete = SaveChecks.order(s);
        if (!incomplete.ok()) {
            return incomplete;
        }
        String vbeln = Steps.docNo(ctx.nextNumber("RV_BELEG", "01"));
        String knumv = Steps.docNo(ctx.nextNumber("KONV", "01"));
        StepOutcome lock = Steps.lockExclusive(ctx, "EVVBAKE", vbeln);
        if (!lock.ok()) {
            return lock;
        }
        ctx.work(0.5);
        long now = ctx.clock().wallMillis();
        var order = new Payloads.Order(vbeln, s.user, s.customer, knumv, Steps.plant(ctx, s), now, s.items);
        UpdateHandle h = ctx.submitUpdate(
                "VA01",
                List.of(
                        new UpdateCall(
                                ORDER_CREATE,
                                UpdateCall.Priority.V1,
                                Payloads.write(order, ctx.workload().updatePayloadBytes())),
                        new UpdateCall(
                                SALES_STATISTICS,
                                UpdateCall.Priority.V2,
                                Payloads.write(new Payloads.Statistics(s.customer, now, s.items)))));
        ctx.afterCommit(() -> {
            s.orderNo = vbeln;
            s.orderConditions = knumv;
            s.orderUpdate = h;
        });
        return StepOutcome.Ok.INSTANCE;
    }

    /** V1: the order's tables, its partner index entry (VAKPA, read by VA05) and its status. */
    static final class OrderCreate implements UpdateModule {
        /** The open-order-value upsert per dialect, built once (as S001's). */
        private final Map<Dialect, String> exposure = new ConcurrentHashMap<>();

        @Override
        public String name() {
            return ORDER_CREATE;
        }

        @Override
        public int execute(Pipeline db, byte[] payload) throws SQLException {
            var o = Payloads.read(payload, Payloads.Order.class);
            Timestamp at = new Timestamp(o.createdMillis());
            Date delivery = Date.valueOf(Instant.ofEpochMilli(o.createdMillis())
                    .atZone(ZoneOffset.UTC)
                    .toLocalDate()
                    .plusDays(1));
            BigDecimal net = o.items().stream().map(Item::value).reduce(BigDecimal.ZERO, BigDecimal::add);
            db.update(
                    INSERT_VBAK,
                    o.vbeln(),
                    o.user(),
                    at,
                    MasterKeys.ORDER_TYPE,
                    MasterKeys.VKORG,
                    o.kunnr(),
                    o.knumv(),
                    net,
                    MasterKeys.WAERS,
                    FillTable.template(o.vbeln(), o.user(), at));
            List<Object[]> vbap = new ArrayList<>();
            List<Object[]> vbep = new ArrayList<>();
            List<Object[]> vbup = new ArrayList<>();
            List<Object[]> konv = new ArrayList<>();
            for (Item i : o.items()) {
                vbap.add(new Object[] {
                    o.vbeln(),
                    i.posnr(),
                    i.matnr(),
                    o.werks(),
                    i.quantity(),
                    i.value(),
                    i.text(),
                    FillTable.template(o.vbeln(), i.posnr(), i.matnr())
                });
                vbep.add(new Object[] {
                    o.vbeln(),
                    i.posnr(),
                    1,
                    delivery,
                    i.quantity(),
                    i.quantity(),
                    FillTable.template(o.vbeln(), i.posnr(), 1)
                });
                vbup.add(new Object[] {
                    o.vbeln(), i.posnr(), "A", "A", " ", "A", FillTable.template(o.vbeln(), i.posnr(), "A")
                });
                konv.add(new Object[] {
                    o.knumv(), i.posnr(), 10, "PR00", i.price(), i.value(), FillTable.template(o.knumv(), i.posnr(), 10)
                });
                konv.add(new Object[] {
                    o.knumv(),
                    i.posnr(),
                    20,
                    "MWST",
                    TAX_RATE,
                    i.value().multiply(TAX_RATE).setScale(2, RoundingMode.HALF_UP),
                    FillTable.template(o.knumv(), i.posnr(), 20)
                });
            }
            db.batch(INSERT_VBAP, vbap);
            db.batch(INSERT_VBEP, vbep);
            db.update(INSERT_VBUK, o.vbeln(), FillTable.template(o.vbeln()));
            db.batch(INSERT_VBUP, vbup);
            db.batch(INSERT_KONV, konv);
            db.update(INSERT_VAKPA, o.kunnr(), o.vbeln(), at, FillTable.template(o.kunnr(), o.vbeln(), at));
            SdFunctions.orderCreate(
                    db,
                    o,
                    exposure.computeIfAbsent(
                            db.dialect(),
                            d -> d.upsertAdding("s066", List.of("mandt", "kkber", "knkli"), List.of("oeikw"))));
            return 0;
        }
    }

    /** V2: sales statistics (S001), kept out of the V1 transaction as SAP does. */
    static final class StatisticsUpdate implements UpdateModule {
        /** S001's key as in SAP: client, statistics source and version, period, sales area, customer, material. */
        private static final List<String> S001_KEY =
                List.of("mandt", "ssour", "vrsio", "spmon", "vkorg", "vtweg", "spart", "kunnr", "matnr");

        private static final String S001_SOURCE = " ";
        /** The actual data (version 000), as against planning versions. */
        private static final String S001_VERSION = "000";
        /**
         * The upsert's text per dialect, built once: a text built per request is a new string that
         * the pipeline's shape and the session's statement cache hash and compare in full each time.
         */
        private final Map<Dialect, String> upsert = new ConcurrentHashMap<>();

        @Override
        public String name() {
            return SALES_STATISTICS;
        }

        @Override
        public int execute(Pipeline db, byte[] payload) throws SQLException {
            var st = Payloads.read(payload, Payloads.Statistics.class);
            String month = Instant.ofEpochMilli(st.createdMillis())
                    .atZone(ZoneOffset.UTC)
                    .toLocalDate()
                    .toString()
                    .substring(0, 7)
                    .replace("-", "");
            String sql = upsert.computeIfAbsent(
                    db.dialect(), d -> d.upsertAdding("s001", S001_KEY, List.of("umsatz", "menge")));
            List<Object[]> rows = new ArrayList<>();
            for (Item i : st.items()) {
                rows.add(new Object[] {
                    MasterKeys.MANDT,
                    S001_SOURCE,
                    S001_VERSION,
                    month,
                    MasterKeys.VKORG,
                    MasterKeys.VTWEG,
                    MasterKeys.SPART,
                    st.kunnr(),
                    i.matnr(),
                    i.value(),
                    i.quantity()
                });
            }
            db.batch(sql, rows);
            return 0;
        }
    }
}
