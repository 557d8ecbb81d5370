package org.sdbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "customizing",
        mixinStandardHelpOptions = true,
        description = "Change buffered customizing as SPRO would, so that every app server's table buffer drops the "
                + "changed table at its next synchronisation (appServer.tableBufferSync).",
        subcommands = CustomizingSetCommand.class)
final class CustomizingCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required (set)");
    }
}
