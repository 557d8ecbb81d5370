package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.DatabaseConfig;

/** The mapping from the server's answers to one line each (a real wrong password: PasswordAuthTest). */
class SqlErrorsTest {
    private final DatabaseConfig db = new ConfigLoader(Path.of(""))
            .load(null, null, List.of("database.kind=postgresql", "database.url=jdbc:postgresql://127.0.0.1:5432/x"))
            .database();

    @Test
    void describeConnectFailure_wrongPassword_saysWhereThePasswordGoes() {
        String m = SqlErrors.describeConnectFailure(
                new SQLException("FATAL: password authentication failed", "28P01"), db.url(), db);
        assertEquals(
                "authentication failed for user 'postgres' at jdbc:postgresql://127.0.0.1:5432/x: put the password in "
                        + "$SDBENCH_DB_PASSWORD, database.passwordFile or ~/.pgpass",
                m);
    }

    @Test
    void describeConnectFailure_refused_namesHostPortAndFix() {
        String m = SqlErrors.describeConnectFailure(
                new SQLException("Connection to 127.0.0.1:5432 refused.", "08001"), db.url(), db);
        assertTrue(m.startsWith("cannot reach the database at 127.0.0.1:5432") && m.endsWith("fix database.url"), m);
    }

    @Test
    void describeConnectFailure_missingDatabase_suggestsLoad() {
        String m = SqlErrors.describeConnectFailure(
                new SQLException("database \"x\" does not exist", "3D000"), db.url(), db);
        assertTrue(m.contains("database 'x' does not exist") && m.contains("sdbench load"), m);
    }
}
