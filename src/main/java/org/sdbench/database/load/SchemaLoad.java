package org.sdbench.database.load;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;

/**
 * The load command's lifecycle: the SD schema installed and the master data loaded into it (or
 * written as COPY files instead), then one line with what it took.
 */
public final class SchemaLoad {
    /**
     * What the command asked for.
     *
     * @param recreate drop and reload a schema that already holds SD tables
     * @param createDatabase create the PostgreSQL database when it does not exist
     * @param verbose one line per loaded table too
     * @param dumpDir where the COPY files go instead of loading; null to load
     * @param version the sdbench version recorded with the data set
     */
    public record Options(boolean recreate, boolean createDatabase, boolean verbose, Path dumpDir, String version) {}

    private SchemaLoad() {}

    public static void run(SdbenchConfig c, Options o, PrintWriter out) throws InterruptedException {
        MasterDataSpec data = MasterDataSpec.of(c, LocalDateTime.now(), o.version());
        int threads = c.load().threads();
        LoadResult r;
        String where;
        try (LoadProgress progress = new LoadProgress(out, LoadProgress.isTerminal(), o.verbose())) {
            MasterDataLoader loader = new MasterDataLoader(data, threads, progress);
            if (o.dumpDir() != null) {
                where = "COPY files in " + o.dumpDir();
                try {
                    r = loader.dump(o.dumpDir());
                } catch (IOException e) {
                    throw new EnvironmentException("cannot write the dump into " + o.dumpDir() + " (" + e
                            + "): give a writable directory to --dump-dir");
                }
            } else {
                try (Database db = Database.open(c.database(), o.createDatabase())) {
                    where = "schema '" + db.schema() + "' of " + db.describe();
                    var left = o.recreate() ? Optional.<LoadMarker.Incomplete>empty() : LoadMarker.read(db);
                    if (left.isPresent() && left.get().step() == LoadMarker.Step.ANALYZE) {
                        finishStatistics(loader, db, where, out);
                        return;
                    }
                    if (left.isPresent()) {
                        throw new EnvironmentException(where + " holds an incomplete load: it stopped "
                                + left.get().step().during() + "; add --recreate to drop and reload it");
                    }
                    new SchemaInstaller(db).install(c.database().tablespaces(), o.recreate());
                    out.printf(
                            "loading %d users (%d customers, %d materials per user, seed %d, %d threads) into %s%n",
                            data.users(),
                            data.customersPerUser(),
                            data.materialsPerUser(),
                            data.seed(),
                            threads,
                            where);
                    out.flush();
                    r = loader.load(db);
                }
            }
        }
        out.printf(
                Locale.ROOT,
                "%s %d users: %,d rows in %.2f s (%,.0f rows/s%s) into %s%n",
                o.dumpDir() != null ? "dumped" : "loaded",
                r.users(),
                r.rows(),
                r.seconds(),
                r.rowsPerSecond(),
                r.analyzeNanos() > 0 ? String.format(Locale.ROOT, ", ANALYZE %.2f s", r.analyzeNanos() / 1e9) : "",
                where);
    }

    /** The last step of a load that stopped in it: its data is whole, so nothing is reloaded. */
    private static void finishStatistics(MasterDataLoader loader, Database db, String where, PrintWriter out)
            throws InterruptedException {
        out.printf("the load of %s stopped while updating the optimizer statistics: updating them%n", where);
        out.flush();
        long nanos = loader.finishStatistics(db);
        out.printf(Locale.ROOT, "finished the load: ANALYZE %.2f s in %s%n", nanos / 1e9, where);
    }
}
