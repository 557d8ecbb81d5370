package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** load --recreate drops a schema only when everything in it is sdbench's (database.schema=public must be safe). */
class RecreateGuardTest {
    private static final String SCHEMA = "it_recreate_guard";

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private static TestDb.Run load(boolean recreate) {
        return recreate
                ? TestDb.sdbench(
                        "load",
                        "--users",
                        "1",
                        "--recreate",
                        "--db-url",
                        TestDb.url(),
                        "--set",
                        "database.schema=" + SCHEMA)
                : TestDb.sdbench(
                        "load", "--users", "1", "--db-url", TestDb.url(), "--set", "database.schema=" + SCHEMA);
    }

    private static void sql(String... statements) throws SQLException {
        try (var db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            for (String st : statements) {
                s.execute(st);
            }
        }
    }

    private static long count(String sql) throws SQLException {
        try (var db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void recreate_schemaAlsoHoldsOtherObjects_refusedAndNothingDropped() throws SQLException {
        sql("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        assertEquals(0, load(false).exit());
        sql(
                "CREATE TABLE " + SCHEMA + ".customer_notes (id integer)",
                "INSERT INTO " + SCHEMA + ".customer_notes VALUES (1)",
                "CREATE VIEW " + SCHEMA + ".big_orders AS SELECT vbeln FROM " + SCHEMA + ".vbak",
                "CREATE SEQUENCE " + SCHEMA + ".invoice_seq");
        var r = load(true);
        assertEquals(3, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(
                r.err().contains("refusing to drop schema '" + SCHEMA + "'")
                        && r.err().contains("customer_notes")
                        && r.err().contains("big_orders")
                        && r.err().contains("invoice_seq"),
                r.err());
        assertEquals(1, count("SELECT COUNT(*) FROM " + SCHEMA + ".customer_notes"));
        assertTrue(count("SELECT COUNT(*) FROM " + SCHEMA + ".kna1") > 0, "the SD data is untouched too");

        sql(
                "DROP VIEW " + SCHEMA + ".big_orders",
                "DROP TABLE " + SCHEMA + ".customer_notes",
                "DROP SEQUENCE " + SCHEMA + ".invoice_seq");
        var again = load(true);
        assertEquals(0, again.exit(), again.err());
    }
}
