package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;

/** A database name with a typo is an error, not a new database: only 'load --create-database' creates one. */
class DatabaseCreationTest {
    private static final String TYPO = "_typo";
    private static final String CREATED = "_created";

    private static String urlWithSuffix(String suffix) {
        return TestDb.url().replaceFirst("/([A-Za-z0-9_]+)(\\?|$)", "/$1" + suffix + "$2");
    }

    private static boolean exists(String suffix) throws SQLException {
        String name = urlWithSuffix(suffix).replaceFirst("^.*/([A-Za-z0-9_]+)(\\?.*)?$", "$1");
        try (var db = TestDb.open(TestDb.config("public"));
                Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT COUNT(*) FROM pg_database WHERE datname = '" + name + "'")) {
            rs.next();
            return rs.getLong(1) > 0;
        }
    }

    @AfterAll
    static void dropCreated() throws SQLException {
        String name = urlWithSuffix(CREATED).replaceFirst("^.*/([A-Za-z0-9_]+)(\\?.*)?$", "$1");
        try (var db = TestDb.open(TestDb.config("public"));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name);
        }
    }

    @Test
    void run_databaseNameWithTypo_exit3OneLineAndNothingCreated() throws SQLException {
        var r = TestDb.sdbench("run", "--db-url", urlWithSuffix(TYPO), "--duration", "1s");
        assertEquals(3, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("does not exist") && r.err().contains("--create-database"), r.err());
        assertFalse(exists(TYPO));
    }

    @Test
    void load_missingDatabaseWithoutCreateFlag_exit3AndNothingCreated() throws SQLException {
        var r = TestDb.sdbench("load", "--users", "1", "--db-url", urlWithSuffix(TYPO));
        assertEquals(3, r.exit(), r.err());
        assertFalse(exists(TYPO));
    }

    @Test
    void load_createDatabase_createsAndLoads() throws SQLException {
        var r = TestDb.sdbench("load", "--users", "1", "--create-database", "--db-url", urlWithSuffix(CREATED));
        assertEquals(0, r.exit(), r.err());
        assertTrue(exists(CREATED));
    }
}
