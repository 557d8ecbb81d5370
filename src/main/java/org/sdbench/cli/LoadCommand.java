package org.sdbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.load.SchemaLoad;
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
        SchemaLoad.run(
                c,
                new SchemaLoad.Options(recreate, createDatabase, verbose, dumpDir, version()),
                spec.commandLine().getOut());
        return ExitCode.OK;
    }

    private static String version() {
        String v = SdbenchCommand.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
