package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.database.Database;

/**
 * Every run of an experiment on the embedded server starts from a restart, also when no variant
 * changes a server setting: otherwise the first run after a load reads from disk what the later ones
 * find in shared buffers.
 */
class EmbeddedSettingsTest {
    @TempDir
    Path home;

    private static String startedAt(Database db) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_postmaster_start_time()::text")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void apply_noVariantChangesASetting_serverRestartedBeforeEveryRun() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        DatabaseConfig config = new ConfigLoader(Path.of(""))
                .load(
                        Path.of("config/quick.yaml"),
                        null,
                        List.of("database.embeddedDir=" + home.resolve("pg"), "database.embeddedPort=" + port))
                .database();
        ExperimentPlan plan =
                new ExperimentPlan("e", List.of(Variant.parse("base:"), Variant.parse("same:")), 2, 2, 1, 0.05);
        try (ServerSettings settings = ServerSettings.open(config, plan, null)) {
            String first = startedAt(settings.apply(plan.baseline()));
            String second = startedAt(settings.apply(plan.baseline()));
            assertNotEquals(first, second, "a new server for the second run");
        }
    }
}
