package org.sdbench.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.Database;
import org.sdbench.db.EnvironmentException;
import org.sdbench.db.SchemaInstaller;
import org.sdbench.load.LoadProgress;
import org.sdbench.load.MasterDataLoader;
import org.sdbench.load.MasterDataSpec;

/**
 * Makes sure the database holds master data for the run: the right sizes, enough users. Loads it
 * when it is missing (the first run on a fresh machine), refuses to overwrite a different data set.
 */
final class DataSetCheck {
    private final Database db;
    private final SdbenchConfig config;
    private final PrintWriter out;

    DataSetCheck(Database db, SdbenchConfig config, PrintWriter out) {
        this.db = db;
        this.config = config;
        this.out = out;
    }

    void ensureLoaded(boolean mayLoad) throws InterruptedException {
        SchemaInstaller schema = new SchemaInstaller(db);
        boolean present;
        try (Connection c = db.connect()) {
            present = !schema.existingTables(c).isEmpty();
        } catch (SQLException e) {
            throw new EnvironmentException("reading the schema of " + db.describe() + " failed: " + e.getMessage());
        }
        if (!present) {
            if (!mayLoad) {
                schema.requireInstalled();
            }
            out.printf("no SD data in schema '%s' of %s: loading %d users first%n", db.schema(), db.describe(),
                    config.run().users());
            out.flush();
            schema.install(config.database().tablespaces(), false);
            MasterDataSpec spec = MasterDataSpec.of(config, LocalDateTime.now(), "dev");
            try (LoadProgress p = new LoadProgress(out, LoadProgress.isTerminal())) {
                new MasterDataLoader(spec, config.load().threads(), p).load(db);
            }
            return;
        }
        schema.requireInstalled();
        var w = config.workload();
        try (Connection c = db.connect(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT users, customers_per_user, materials_per_user, plants FROM sdbench_load")) {
            if (!rs.next()) {
                throw new EnvironmentException("schema '" + db.schema() + "' has no completed load (sdbench_load is empty): "
                        + "run './sdbench load --users " + config.run().users() + " --recreate'");
            }
            int users = rs.getInt(1);
            if (users < config.run().users() || rs.getInt(2) != w.customersPerUser() || rs.getInt(3) != w.materialsPerUser()
                    || rs.getInt(4) != w.plants()) {
                throw new EnvironmentException(String.format("the loaded data set (%d users, %d customers and %d materials per "
                                + "user, %d plants) does not fit this run (%d users, %d, %d, %d): run './sdbench load --users %d "
                                + "--recreate' with the same workload", users, rs.getInt(2), rs.getInt(3), rs.getInt(4),
                        config.run().users(), w.customersPerUser(), w.materialsPerUser(), w.plants(), config.run().users()));
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading sdbench_load failed: " + e.getMessage());
        }
    }
}
