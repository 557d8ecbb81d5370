package org.sdbench.cli;

import java.nio.file.Path;
import org.sdbench.network.TokenFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "niping",
        mixinStandardHelpOptions = true,
        description = {
            "Round-trip latency and throughput between tiers, after SAP's NIPING: start 'niping server' on "
                    + "one host and 'niping client' on another; 'niping db' measures the database's own round trip "
                    + "(SELECT 1) as the app tier sees it.",
            "A server on a non-loopback address requires --token-file (owner-only permissions); clients give the same file."
        },
        subcommands = {NipingServerCommand.class, NipingClientCommand.class, NipingDbCommand.class})
final class NipingCommand implements Runnable {
    static final String DEFAULT_PORT = "3298";

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a mode is required (server, client, db)");
    }

    static byte[] token(Path file) {
        return file == null ? null : TokenFile.read("--token-file", file);
    }
}
