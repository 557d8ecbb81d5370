package org.sdbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.db.SchemaInstaller;
import org.sdbench.load.LoadMarker;
import org.sdbench.load.LoadProgress;
import org.sdbench.load.LoadResult;
import org.sdbench.load.MasterDataLoader;
import org.sdbench.load.MasterDataSpec;
import org.sdbench.process.ConfigOptions;
import org.sdbench.process.ExitCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        description = "Create the SD schema and load master data (customers, materials, prices, stock, number "
                + "ranges) for --users N benchmark users. Same seed (load.seed) and sizes give the same data.")
final class LoadCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(names = "--recreate", description = "Drop and reload a schema that already holds SD tables.")
    boolean recreate;

    @Option(
            names = "--create-database",
            description = "Create the PostgreSQL database named in database.url when "
                    + "it does not exist (otherwise a missing database is an error: the name may be a typo).")
    boolean createDatabase;

    @Option(
            names = {"-v", "--verbose"},
            description = "One line per loaded table too (its rows, seconds and rows/s).")
    boolean verbose;

    @Option(
            names = "--dump-dir",
            paramLabel = "DIR",
            description =
                    "Write one COPY text file per table (<table>.copy) and the tables' PostgreSQL DDL (schema.sql) into DIR instead of loading.")
    Path dumpDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        SdbenchConfig c = options.load();
        MasterDataSpec data = MasterDataSpec.of(c, LocalDateTime.now(), version());
        PrintWriter out = spec.commandLine().getOut();
        int threads = c.load().threads();
        LoadResult r;
        String where;
        try (LoadProgress progress = new LoadProgress(out, LoadProgress.isTerminal(), verbose)) {
            MasterDataLoader loader = new MasterDataLoader(data, threads, progress);
            if (dumpDir != null) {
                where = "COPY files in " + dumpDir;
                try {
                    r = loader.dump(dumpDir);
                } catch (IOException e) {
                    throw new EnvironmentException("cannot write the dump into " + dumpDir + " (" + e
                            + "): give a writable directory to --dump-dir");
                }
            } else {
                try (Database db = Database.open(c.database(), createDatabase)) {
                    where = "schema '" + db.schema() + "' of " + db.describe();
                    var left = recreate ? Optional.<LoadMarker.Incomplete>empty() : LoadMarker.read(db);
                    if (left.isPresent() && left.get().step() == LoadMarker.Step.ANALYZE) {
                        return finishStatistics(loader, db, where, out);
                    }
                    if (left.isPresent()) {
                        throw new EnvironmentException(where + " holds an incomplete load: it stopped "
                                + left.get().step().during() + "; add --recreate to drop and reload it");
                    }
                    new SchemaInstaller(db).install(c.database().tablespaces(), recreate);
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
                dumpDir != null ? "dumped" : "loaded",
                r.users(),
                r.rows(),
                r.seconds(),
                r.rowsPerSecond(),
                r.analyzeNanos() > 0 ? String.format(Locale.ROOT, ", ANALYZE %.2f s", r.analyzeNanos() / 1e9) : "",
                where);
        return ExitCode.OK;
    }

    /** The last step of a load that stopped in it: its data is whole, so nothing is reloaded. */
    private static int finishStatistics(MasterDataLoader loader, Database db, String where, PrintWriter out)
            throws InterruptedException {
        out.printf("the load of %s stopped while updating the optimizer statistics: updating them%n", where);
        out.flush();
        long nanos = loader.finishStatistics(db);
        out.printf(Locale.ROOT, "finished the load: ANALYZE %.2f s in %s%n", nanos / 1e9, where);
        return ExitCode.OK;
    }

    private static String version() {
        String v = SdbenchCommand.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
