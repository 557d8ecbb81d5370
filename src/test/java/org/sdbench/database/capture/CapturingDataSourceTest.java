package org.sdbench.database.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.Properties;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.load.TestDb;

class CapturingDataSourceTest {
    @Test
    void loginTimeout_pooledByHikari_whatThePoolSet(@TempDir Path dir) throws Exception {
        Properties user = new Properties();
        user.setProperty("user", "postgres");
        try (StatementCapture capture = new StatementCapture(dir, StatementCapture.Protocol.PREPARED)) {
            DataSource captured = capture.dataSource(() -> DriverManager.getConnection(TestDb.url(), user));
            HikariConfig hc = new HikariConfig();
            hc.setDataSource(captured);
            hc.setMaximumPoolSize(1);
            hc.setConnectionTimeout(4_000);
            // The pool waits this long for its connection adder when it closes: at 0 it would not wait, and log a
            // time-out.
            try (HikariDataSource pool = new HikariDataSource(hc)) {
                assertTrue(pool.isRunning());
                assertEquals(4, captured.getLoginTimeout());
            }
        }
    }
}
