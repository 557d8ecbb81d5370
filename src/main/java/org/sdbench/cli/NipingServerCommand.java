package org.sdbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.sdbench.apptier.process.Addresses;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.Durations;
import org.sdbench.core.EnvironmentException;
import org.sdbench.network.NipingServer;
import org.sdbench.network.SocketAddresses;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "server",
        mixinStandardHelpOptions = true,
        description = "Answer niping clients until Ctrl-C or --duration.")
final class NipingServerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--listen",
            paramLabel = "HOST:PORT",
            defaultValue = "127.0.0.1:" + NipingCommand.DEFAULT_PORT,
            converter = Addresses.Listen.class,
            description = "Address to listen on (default ${DEFAULT-VALUE}; port 0 picks a free one).")
    InetSocketAddress listen;

    @Option(names = "--token-file", paramLabel = "FILE", description = "Shared secret; required off loopback.")
    Path tokenFile;

    @Option(
            names = "--max-clients",
            defaultValue = "16",
            description = "Clients served at once (default ${DEFAULT-VALUE}).")
    int maxClients;

    @Option(
            names = "--duration",
            paramLabel = "DURATION",
            description = "Stop after this long (default: until Ctrl-C).")
    String duration;

    @Override
    public Integer call() throws Exception {
        Duration bound = duration == null ? null : Durations.parse("--duration", duration);
        PrintWriter out = spec.commandLine().getOut();
        NipingServer server;
        try {
            server = NipingServer.start(listen, NipingCommand.token(tokenFile), maxClients, line -> {
                out.println(line);
                out.flush();
            });
        } catch (IOException e) {
            throw new EnvironmentException(
                    "niping server cannot listen on " + SocketAddresses.format(listen) + ": " + e.getMessage());
        }
        out.printf(
                "niping server ready for connect from client on %s%s%n",
                SocketAddresses.format(server.address()), tokenFile == null ? "" : " (token required)");
        out.flush();
        Serving.until(server, new CountDownLatch(1), bound);
        out.printf("niping server: %d exchanges served, %d connections refused%n", server.served(), server.refused());
        return ExitCode.OK;
    }
}
