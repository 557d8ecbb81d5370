package org.sdbench.cli;

import java.io.EOFException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.Addresses;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.core.EnvironmentException;
import org.sdbench.network.NipingClient;
import org.sdbench.network.RoundTrip;
import org.sdbench.network.SocketAddresses;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "client",
        mixinStandardHelpOptions = true,
        description =
                "Latency test (300-500 B requests, 1-1.5 KB replies) and bandwidth test (50,000 B blocks each way).")
final class NipingClientCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = {"-H", "--host"},
            paramLabel = "HOST:PORT",
            defaultValue = "127.0.0.1:" + NipingCommand.DEFAULT_PORT,
            converter = Addresses.Dial.class,
            description = "The niping server (default ${DEFAULT-VALUE}).")
    InetSocketAddress host;

    @Option(names = "--token-file", paramLabel = "FILE", description = "The server's shared secret.")
    Path tokenFile;

    @Option(
            names = {"-L", "--loops"},
            defaultValue = "1000",
            description = "Exchanges per test (default ${DEFAULT-VALUE}).")
    int loops;

    @Option(
            names = "--test",
            defaultValue = "both",
            description = "latency, bandwidth or both (default ${DEFAULT-VALUE}).")
    String test;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            defaultValue = "10s",
            description = "Bound on connecting and on each reply (default ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the message sizes (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        if (loops < 1 || loops > 10_000_000) {
            throw new ConfigException("'--loops' = " + loops + " is not allowed: 1 to 10000000");
        }
        if (!test.equals("latency") && !test.equals("bandwidth") && !test.equals("both")) {
            throw new ConfigException("'--test' = '" + test + "' is not allowed: latency, bandwidth or both");
        }
        Duration t = Durations.parse("--timeout", timeout, Duration.ofMillis(1));
        PrintWriter out = spec.commandLine().getOut();
        try (NipingClient c = NipingClient.connect(host, NipingCommand.token(tokenFile), t)) {
            out.println("connect to server " + SocketAddresses.format(host) + " o.k.");
            if (!test.equals("bandwidth")) {
                print(out, c.latency(loops, seed));
            }
            if (!test.equals("latency")) {
                print(out, c.bandwidth(loops));
            }
        } catch (EOFException e) {
            throw new EnvironmentException(
                    "niping to " + SocketAddresses.format(host) + " failed: the server closed the connection mid-test");
        } catch (IOException e) {
            throw new EnvironmentException(
                    "niping to " + SocketAddresses.format(host) + " failed: " + NipingClient.describe(e, t));
        }
        return ExitCode.OK;
    }

    private static void print(PrintWriter out, NipingClient.Result r) {
        RoundTrip rt = r.roundTrip();
        out.printf(
                Locale.ROOT,
                "%s: %d exchanges, %,d B sent, %,d B received%n",
                r.test(),
                r.loops(),
                r.requestBytes(),
                r.replyBytes());
        out.printf(
                Locale.ROOT,
                "  round trip  min %.3f  avg %.3f  max %.3f ms  (av2 without min/max %.3f ms)%n",
                rt.minMs(),
                rt.avgMs(),
                rt.maxMs(),
                rt.avgWithoutExtremesMs());
        out.printf(Locale.ROOT, "  throughput  %.2f MB/s (both directions)%n", r.megabytesPerSecond());
        out.flush();
    }
}
