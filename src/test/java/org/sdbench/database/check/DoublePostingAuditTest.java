package org.sdbench.database.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/**
 * A double posting written with SQL into a loaded schema (its order history has orders, deliveries
 * and invoices): a whole second delivery of an order, or a whole second invoice of a delivery, each
 * document complete in itself. 'sdbench check' passes before and fails after, naming the documents.
 */
class DoublePostingAuditTest {
    private static final String SCHEMA = "t_double_posting";

    @BeforeAll
    static void load() {
        TestDb.load(SCHEMA, 1);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    /** Each test starts from the loaded schema: the copies it made go again. */
    @AfterEach
    void removeCopies() throws SQLException {
        sql(s -> {
            for (String t : new String[] {"likp", "lips", "vbuk", "vbrk", "vbrp", "vbpa"}) {
                s.execute("DELETE FROM " + t + " WHERE vbeln LIKE 'X%'");
            }
            s.execute("DELETE FROM vbfa WHERE vbeln LIKE 'X%'");
            s.execute("DELETE FROM nast WHERE objky LIKE 'X%'");
            s.execute("DELETE FROM bkpf WHERE belnr LIKE 'X%'");
            s.execute("DELETE FROM bseg WHERE belnr LIKE 'X%'");
        });
    }

    private static TestDb.Run check() {
        return TestDb.sdbench(Args.of("check").db(SCHEMA).build());
    }

    private static void requirePasses() {
        TestDb.Run r = check();
        assertEquals(0, r.exit(), r.out() + r.err());
    }

    /** Check fails (exit 1); its line that starts with {@code start}. */
    private static String failsWith(String start) {
        TestDb.Run r = check();
        assertEquals(1, r.exit(), r.out() + r.err());
        return r.out()
                .lines()
                .filter(l -> l.startsWith(start))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line '" + start + "...' in:\n" + r.out()));
    }

    @Test
    void check_orderDeliveredTwice_failsNamingOrderAndBothDeliveries() throws SQLException {
        requirePasses();
        String[] flow = first("SELECT vbelv, vbeln FROM vbfa WHERE vbtyp_n = 'J' ORDER BY vbelv, posnv");
        String order = flow[0].strip();
        String delivery = flow[1].strip();
        String second = "X000000001";
        sql(s -> {
            String to = "vbeln = '" + second + "'";
            copy(s, "likp", "vbeln = '" + delivery + "'", to);
            copy(s, "lips", "vbeln = '" + delivery + "'", to);
            copy(s, "vbuk", "vbeln = '" + delivery + "'", to);
            copy(s, "vbfa", "vbtyp_n = 'J' AND vbeln = '" + delivery + "'", to);
            copy(s, "nast", "kschl = 'LD00' AND objky = '" + delivery + "'", "objky = '" + second + "'");
        });

        String line = failsWith("double-posting: order " + order + " item 10 delivered beyond");
        assertTrue(line.contains("LIPS") && line.contains("VBFA"), line);
        assertTrue(line.contains("deliveries " + delivery + " and " + second), line);
    }

    @Test
    void check_deliveryBilledTwice_failsNamingDeliveryAndBothInvoices() throws SQLException {
        requirePasses();
        String[] flow = first("SELECT vbelv, vbeln FROM vbfa WHERE vbtyp_n = 'M' ORDER BY vbelv, posnv");
        String delivery = flow[0].strip();
        String invoice = flow[1].strip();
        String belnr = first("SELECT belnr FROM vbrk WHERE vbeln = '" + invoice + "'")[0].strip();
        String second = "X000000002";
        String secondBelnr = "X000000003";
        sql(s -> {
            String to = "vbeln = '" + second + "'";
            copy(s, "vbrk", "vbeln = '" + invoice + "'", to + ", belnr = '" + secondBelnr + "'");
            copy(s, "vbrp", "vbeln = '" + invoice + "'", to);
            copy(s, "vbuk", "vbeln = '" + invoice + "'", to);
            copy(s, "vbpa", "vbeln = '" + invoice + "'", to);
            copy(s, "vbfa", "vbtyp_n = 'M' AND vbeln = '" + invoice + "'", to);
            copy(s, "nast", "kschl = 'RD00' AND objky = '" + invoice + "'", "objky = '" + second + "'");
            copy(s, "bkpf", "belnr = '" + belnr + "'", "belnr = '" + secondBelnr + "', awkey = '" + second + "'");
            copy(s, "bseg", "belnr = '" + belnr + "'", "belnr = '" + secondBelnr + "'");
        });

        String line = failsWith("double-posting: delivery " + delivery + " item 10 billed more than once");
        assertTrue(line.contains("VBRP") && line.contains("VBFA"), line);
        assertTrue(line.contains("invoices " + invoice + " and " + second), line);
    }

    /** Copies the rows {@code where} selects, with {@code set} applied, into the same table (PostgreSQL). */
    private static void copy(Statement s, String table, String where, String set) throws SQLException {
        s.execute("CREATE TEMP TABLE copied AS SELECT * FROM " + table + " WHERE " + where);
        s.execute("UPDATE copied SET " + set);
        s.execute("INSERT INTO " + table + " SELECT * FROM copied");
        s.execute("DROP TABLE copied");
    }

    private interface Sql {
        void run(Statement s) throws SQLException;
    }

    private static void sql(Sql work) throws SQLException {
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            work.run(s);
        }
    }

    private static String[] first(String query) throws SQLException {
        String[][] row = new String[1][];
        sql(s -> {
            try (ResultSet rs = s.executeQuery(query)) {
                assertTrue(rs.next(), "no row for " + query);
                row[0] = new String[rs.getMetaData().getColumnCount()];
                for (int i = 0; i < row[0].length; i++) {
                    row[0][i] = rs.getString(i + 1);
                }
            }
        });
        return row[0];
    }
}
