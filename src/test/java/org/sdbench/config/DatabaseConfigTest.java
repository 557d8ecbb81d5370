package org.sdbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sslmode auto: TLS preferred for a server elsewhere, off on this machine, and what the user says wins. */
class DatabaseConfigTest {
    private static String sslmode(DbKind kind, String url, String mode) {
        return new DatabaseConfig(
                        kind,
                        url,
                        "bench",
                        "",
                        "",
                        "sdbench",
                        "",
                        54329,
                        mode,
                        new Tablespaces("", "", "", ""),
                        new DbTimeouts(
                                Duration.ofSeconds(10),
                                Duration.ofMinutes(5),
                                Duration.ofMinutes(2),
                                Duration.ofMinutes(1),
                                Duration.ofMinutes(10),
                                Duration.ofMinutes(2)),
                        "auto",
                        "")
                .sslmode();
    }

    @Test
    void sslmode_autoWithRemoteServer_prefersTls() {
        assertEquals("prefer", sslmode(DbKind.POSTGRESQL, "jdbc:postgresql://db.example.com:5432/sd", "auto"));
        assertEquals("prefer", sslmode(DbKind.POSTGRESQL, "jdbc:postgresql://10.0.0.7/sd", "auto"));
        assertEquals(
                "prefer",
                sslmode(DbKind.POSTGRESQL, "jdbc:postgresql://127.0.0.1:5432,db2.example.com:5432/sd", "auto"));
    }

    @Test
    void sslmode_autoWithLoopbackServer_disabled() {
        assertEquals("disable", sslmode(DbKind.POSTGRESQL, "jdbc:postgresql://127.0.0.1:5432/sd", "auto"));
        assertEquals("disable", sslmode(DbKind.POSTGRESQL, "jdbc:postgresql://localhost/sd?options=-c%20x=1", "auto"));
        assertEquals("disable", sslmode(DbKind.POSTGRESQL, "jdbc:postgresql://[::1]:5432/sd", "auto"));
        assertEquals("disable", sslmode(DbKind.POSTGRESQL, "jdbc:postgresql:sd", "auto"));
        assertEquals("disable", sslmode(DbKind.EMBEDDED, "", "auto"));
    }

    @Test
    void sslmode_setExplicitly_keptAsGiven() {
        assertEquals("disable", sslmode(DbKind.POSTGRESQL, "jdbc:postgresql://db.example.com/sd", "disable"));
        assertEquals("verify-full", sslmode(DbKind.POSTGRESQL, "jdbc:postgresql://127.0.0.1/sd", "verify-full"));
    }

    @Test
    void defaults_sslmode_isAuto() {
        var c = new ConfigLoader(Path.of(""))
                .load(
                        null,
                        null,
                        List.of("database.kind=postgresql", "database.url=jdbc:postgresql://db.example.com/sd"));
        assertEquals("prefer", c.database().sslmode());
    }
}
