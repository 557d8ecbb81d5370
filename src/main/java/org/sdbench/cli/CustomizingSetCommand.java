package org.sdbench.cli;

import java.util.concurrent.Callable;
import org.sdbench.apptier.instance.CustomizingChange;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "set",
        mixinStandardHelpOptions = true,
        description = "Set one field of one customizing row and record the change in DDLOG (one transaction). "
                + "Safe while a run uses the schema: that is what it is for.")
final class CustomizingSetCommand implements Callable<Integer> {
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
        CustomizingChange.Result r = CustomizingChange.set(c, table, key, field, value);
        spec.commandLine()
                .getOut()
                .println(r.describe() + "; recorded in DDLOG: every app server drops " + r.table()
                        + " from its table buffer within appServer.tableBufferSync ("
                        + Durations.format(c.appServer().tableBufferSync()) + ")");
        return ExitCode.OK;
    }
}
