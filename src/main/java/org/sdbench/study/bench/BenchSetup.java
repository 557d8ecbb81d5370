package org.sdbench.study.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;
import org.sdbench.database.load.DataSet;
import org.sdbench.run.RunEngine;
import org.sdbench.run.RunOptions;
import org.sdbench.run.RunPreflight;

/**
 * What the benches that run users share: their configuration with the bench's defaults, the
 * database made ready (master data, or the empty schema of the benches without SQL), and the
 * runner that takes their runs through the run engine.
 */
public final class BenchSetup {
    /** Schema of the benches that run no SQL: empty SD tables, so a loaded data set is never touched. */
    public static final String NO_SQL_SCHEMA = "bench_nosql";

    private BenchSetup() {}

    /** One bench with its configuration, its runner and the terminal; true when it met its target. */
    public interface Bench {
        boolean run(SdbenchConfig c, Database db, BenchRun runner, PrintWriter out) throws InterruptedException;
    }

    /**
     * Loads the configuration (the bench's default user count, its own schema without SQL, the
     * layout if given), opens and prepares the database and runs the bench: exit 0 when it met its
     * target, 1 when not.
     *
     * @param progress whether the runs print a line per interval
     * @param refuse throws, before the database is touched, for a configuration the bench cannot run
     */
    public static int run(
            ConfigOptions options,
            String layout,
            int defaultUsers,
            boolean sql,
            boolean progress,
            PrintWriter out,
            Consumer<SdbenchConfig> refuse,
            Bench bench)
            throws InterruptedException {
        SdbenchConfig c = options.load(extra(options, layout, defaultUsers, sql));
        refuse.accept(c);
        RunPreflight.settings(c);
        try (Database db = Database.open(c.database(), false)) {
            prepare(db, c, sql, out);
            Path work = workFolder();
            BenchRun runner = new BenchRun(
                    db,
                    c,
                    databaseName(db),
                    progress ? out : null,
                    new RunEngine(RunOptions.of(BenchRun.INTERVAL_SECONDS)),
                    work);
            return bench.run(c, db, runner, out) ? ExitCode.OK : ExitCode.FAILED_CHECK;
        }
    }

    /** The bench's default user count, its own schema when it runs no SQL, and the layout asked for. */
    private static List<String> extra(ConfigOptions options, String layout, int defaultUsers, boolean sql) {
        List<String> extra = new ArrayList<>();
        if (options.users == null) {
            extra.add("run.users=" + defaultUsers);
        }
        if (!sql) {
            extra.add("database.schema=" + NO_SQL_SCHEMA);
        }
        if (layout != null) {
            extra.add("appServer.layout=" + layout);
        }
        return extra;
    }

    /** The runs' folders: each run's configuration, and the logs of the processes of a three-tier run. */
    private static Path workFolder() {
        try {
            return Files.createTempDirectory("sdbench-bench-");
        } catch (IOException e) {
            throw new EnvironmentException("cannot create the bench's work folder: " + e.getMessage());
        }
    }

    /**
     * Steps with SQL need the master data of every user (loaded when missing, as 'run' does);
     * steps without SQL only need the empty schema, because the update task reads VBHDR at start.
     */
    private static void prepare(Database db, SdbenchConfig c, boolean sql, PrintWriter out)
            throws InterruptedException {
        if (sql) {
            new DataSet(db, c, out).ensureLoaded(true);
            return;
        }
        SchemaInstaller schema = new SchemaInstaller(db);
        try (Connection conn = db.connect()) {
            if (schema.existingTables(conn).isEmpty()) {
                out.printf("installing the empty SD schema '%s' (no master data needed without SQL)%n", db.schema());
                out.flush();
                schema.install(c.database().tablespaces(), false);
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading the schema of " + db.describe() + " failed: " + e.getMessage());
        }
        schema.requireInstalled();
    }

    /** The database's own name, which its PostgreSQL backends show in their process titles. */
    static String databaseName(Database db) {
        try (Connection conn = db.connect();
                Statement s = conn.createStatement();
                var rs = s.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "reading the database name of " + db.describe() + " failed: " + e.getMessage());
        }
    }
}
