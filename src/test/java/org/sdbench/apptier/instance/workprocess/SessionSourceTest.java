package org.sdbench.apptier.instance.workprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.sdbench.config.DbTimeouts;
import org.sdbench.core.Clock;
import org.sdbench.database.PostgresDialect;

/** A stalled database gives bounded, counted reconnect attempts, then one declared outage. */
class SessionSourceTest {
    @Test
    void open_serverAcceptsButNeverAnswers_outageDeclaredOnceAfterTheBound() throws Exception {
        // A listener that accepts TCP connections into its backlog and never answers: what a
        // SIGSTOPped PostgreSQL looks like to a client.
        try (ServerSocket stalled = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                HikariDataSource pool = stalledPool(stalled.getLocalPort())) {
            SessionSource sessions =
                    new SessionSource(pool, new PostgresDialect(), Clock.SYSTEM, Duration.ofSeconds(2));
            List<DbOutageException> declared = new CopyOnWriteArrayList<>();
            sessions.onOutage(declared::add);
            long t0 = System.nanoTime();
            DbOutageException e = assertThrows(DbOutageException.class, sessions::open);
            long tookMs = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(e.getMessage().contains("database.timeouts.maxOutage"), e.getMessage());
            assertTrue(sessions.failedOpens() >= 1, "attempts are counted");
            assertEquals(List.of(e), declared, "declared once, to the listener");
            assertSame(e, assertThrows(DbOutageException.class, sessions::open), "later opens fail at once");
            assertSame(e, sessions.outage());
            assertTrue(tookMs < 60_000, "bounded: " + tookMs + " ms");
        }
    }

    private static HikariDataSource stalledPool(int port) {
        HikariConfig hc = new HikariConfig();
        hc.setJdbcUrl("jdbc:postgresql://127.0.0.1:" + port + "/none");
        hc.setUsername("nobody");
        hc.setMaximumPoolSize(1);
        hc.setConnectionTimeout(1_000);
        hc.setInitializationFailTimeout(-1);
        new PostgresDialect()
                .clientTimeoutProperties(new DbTimeouts(
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2)))
                .forEach(hc::addDataSourceProperty);
        return new HikariDataSource(hc);
    }
}
