package org.sdbench.database.load;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;

/**
 * Makes sure the database holds master data for the run: the right sizes, enough users. Loads it
 * when it is missing (the first run on a fresh machine), adds users when the run needs more than
 * were loaded, and refuses to touch a data set of other sizes or seed.
 */
public final class DataSet {
    private final Database db;
    private final SdbenchConfig config;
    private final PrintWriter out;
    private final boolean verbose;

    public DataSet(Database db, SdbenchConfig config, PrintWriter out) {
        this(db, config, out, false);
    }

    /** {@code verbose}: a load it does prints one line per table as well. */
    public DataSet(Database db, SdbenchConfig config, PrintWriter out, boolean verbose) {
        this.db = db;
        this.config = config;
        this.out = out;
        this.verbose = verbose;
    }

    public void ensureLoaded(boolean mayLoad) throws InterruptedException {
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
            out.printf(
                    "no SD data in schema '%s' of %s: loading %d users first%n",
                    db.schema(), db.describe(), config.run().users());
            out.flush();
            schema.install(config.database().tablespaces(), false);
            MasterDataSpec spec = MasterDataSpec.of(config, LocalDateTime.now(), "dev");
            try (LoadProgress p = new LoadProgress(out, LoadProgress.isTerminal(), verbose)) {
                new MasterDataLoader(spec, config.load().threads(), p).load(db);
            }
            return;
        }
        schema.requireInstalled();
        LoadMarker.requireComplete(db);
        requireCurrentLayout(db, config.run().users());
        var w = config.workload();
        int loaded;
        try (Connection c = db.connect();
                var st = c.createStatement();
                var rs = st.executeQuery(
                        "SELECT users, customers_per_user, materials_per_user, plants, initial_stock, seed"
                                + " FROM sdbench_load")) {
            if (!rs.next()) {
                throw new EnvironmentException(
                        "schema '" + db.schema() + "' has no completed load (sdbench_load is empty): "
                                + "run './sdbench load --users " + config.run().users() + " --recreate'");
            }
            loaded = rs.getInt(1);
            if (rs.getInt(2) != w.customersPerUser()
                    || rs.getInt(3) != w.materialsPerUser()
                    || rs.getInt(4) != w.plants()
                    || rs.getLong(5) != w.initialStock()
                    || rs.getLong(6) != config.load().seed()) {
                throw new EnvironmentException(String.format(
                        "the loaded data set (%d customers and %d materials per user, "
                                + "%d plants, stock %d, seed %d) does not fit this workload (%d, %d, %d, %d, %d): run "
                                + "'./sdbench load --users %d --recreate' with the same workload",
                        rs.getInt(2),
                        rs.getInt(3),
                        rs.getInt(4),
                        rs.getLong(5),
                        rs.getLong(6),
                        w.customersPerUser(),
                        w.materialsPerUser(),
                        w.plants(),
                        w.initialStock(),
                        config.load().seed(),
                        config.run().users()));
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading sdbench_load failed: " + e.getMessage());
        }
        if (loaded < config.run().users()) {
            if (!mayLoad) {
                throw new EnvironmentException("the data set holds " + loaded + " users, the run needs "
                        + config.run().users() + ": run without --no-load to add the missing users");
            }
            out.printf(
                    "the data set holds %d users: adding users %d to %d%n",
                    loaded, loaded + 1, config.run().users());
            out.flush();
            MasterDataSpec spec = MasterDataSpec.of(config, LocalDateTime.now(), "dev");
            try (LoadProgress p = new LoadProgress(out, LoadProgress.isTerminal(), verbose)) {
                new MasterDataLoader(spec, config.load().threads(), p).extend(db, loaded + 1);
            }
        }
    }

    /** A data set loaded by an older sdbench lacks the client in master data and number ranges: say so, not an SQL error per step. */
    private static void requireCurrentLayout(Database db, int users) {
        try (Connection c = db.connect();
                var st = c.createStatement()) {
            st.executeQuery("SELECT mandt FROM kna1 WHERE 1 = 0").close();
            st.executeQuery("SELECT mandt, subobject, toyear FROM nriv WHERE 1 = 0")
                    .close();
            st.executeQuery("SELECT vbreason FROM vbhdr WHERE 1 = 0").close();
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "schema '" + db.schema() + "' holds an older table layout (KNA1 or NRIV without"
                            + " the client MANDT, or VBHDR without VBREASON): reload it with './sdbench load --users "
                            + users + " --recreate'");
        }
    }
}
