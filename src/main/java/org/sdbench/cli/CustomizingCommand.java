package org.sdbench.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.sdbench.appserver.CustomizingChange;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.db.SchemaInstaller;
import org.sdbench.db.SqlErrors;
import org.sdbench.process.ConfigOptions;
import org.sdbench.process.ExitCode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "customizing",
        mixinStandardHelpOptions = true,
        description = "Change buffered customizing as SPRO would, so that every app server's table buffer drops the "
                + "changed table at its next synchronisation (appServer.tableBufferSync).",
        subcommands = CustomizingCommand.Set.class)
final class CustomizingCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required (set)");
    }

    @Command(
            name = "set",
            mixinStandardHelpOptions = true,
            description = "Set one field of one customizing row and record the change in DDLOG (one transaction). "
                    + "Safe while a run uses the schema: that is what it is for.")
    static final class Set implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Spec
        CommandSpec spec;

        @Parameters(
                index = "0",
                paramLabel = "TABLE",
                description = "A buffered table: "
                        + "TVAK, TVTA, T001, T001W, TVST, TVAP, TVLK, TVFK, T683, T683S, T685A, T006, T156.")
        String table;

        @Parameters(
                index = "1",
                paramLabel = "KEY",
                description = "The row's key; several key fields joined by '/' (TVTA: 1000/10/00, T683S: PP0001/10).")
        String key;

        @Parameters(index = "2", paramLabel = "FIELD", description = "A non-key field, e.g. VTEXT.")
        String field;

        @Parameters(index = "3", paramLabel = "VALUE", description = "The new value.")
        String value;

        @Override
        public Integer call() {
            SdbenchConfig c = options.load();
            CustomizingChange.requireBuffered(table);
            PrintWriter out = spec.commandLine().getOut();
            try (Database db = Database.open(c.database(), false)) {
                new SchemaInstaller(db).requireInstalled();
                CustomizingChange.Result r;
                try (Connection conn = db.connect()) {
                    r = CustomizingChange.apply(conn, db.schema(), table, key, field, value);
                } catch (SQLException e) {
                    throw new EnvironmentException("could not change " + table + " in schema '" + db.schema() + "' of "
                            + db.describe() + ": " + SqlErrors.firstLine(e));
                }
                out.println(r.describe() + "; recorded in DDLOG: every app server drops " + r.table()
                        + " from its table buffer within appServer.tableBufferSync ("
                        + Durations.format(c.appServer().tableBufferSync()) + ")");
            }
            return ExitCode.OK;
        }
    }
}
