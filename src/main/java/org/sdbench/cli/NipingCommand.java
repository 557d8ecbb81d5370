package org.sdbench.cli;

import java.io.EOFException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.env.DbRoundTripProbe;
import org.sdbench.network.NipingClient;
import org.sdbench.network.NipingServer;
import org.sdbench.network.RoundTrip;
import org.sdbench.network.SocketAddresses;
import org.sdbench.network.TokenFile;
import org.sdbench.process.Addresses;
import org.sdbench.process.ConfigOptions;
import org.sdbench.process.EmulatedNetwork;
import org.sdbench.process.ExitCode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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
        subcommands = {NipingCommand.Server.class, NipingCommand.Client.class, NipingCommand.Db.class})
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

    @Command(
            name = "server",
            mixinStandardHelpOptions = true,
            description = "Answer niping clients until Ctrl-C or --duration.")
    static final class Server implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(
                names = "--listen",
                paramLabel = "HOST:PORT",
                defaultValue = "127.0.0.1:" + DEFAULT_PORT,
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
                server = NipingServer.start(listen, token(tokenFile), maxClients, line -> {
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
            out.printf(
                    "niping server: %d exchanges served, %d connections refused%n", server.served(), server.refused());
            return ExitCode.OK;
        }
    }

    @Command(
            name = "client",
            mixinStandardHelpOptions = true,
            description =
                    "Latency test (300-500 B requests, 1-1.5 KB replies) and bandwidth test (50,000 B blocks each way).")
    static final class Client implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(
                names = {"-H", "--host"},
                paramLabel = "HOST:PORT",
                defaultValue = "127.0.0.1:" + DEFAULT_PORT,
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

        @Option(
                names = "--seed",
                defaultValue = "1",
                description = "Seed of the message sizes (default ${DEFAULT-VALUE}).")
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
            try (NipingClient c = NipingClient.connect(host, token(tokenFile), t)) {
                out.println("connect to server " + SocketAddresses.format(host) + " o.k.");
                if (!test.equals("bandwidth")) {
                    print(out, c.latency(loops, seed));
                }
                if (!test.equals("latency")) {
                    print(out, c.bandwidth(loops));
                }
            } catch (EOFException e) {
                throw new EnvironmentException("niping to " + SocketAddresses.format(host)
                        + " failed: the server closed the connection mid-test");
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

    @Command(
            name = "db",
            mixinStandardHelpOptions = true,
            description =
                    "The database's round trip: SELECT 1 on one connection, min/avg/max (through the network.appToDb "
                            + "relay when one is configured).")
    static final class Db implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ConfigOptions options;

        @Option(
                names = {"-L", "--loops"},
                defaultValue = "1000",
                description = "Round trips (default ${DEFAULT-VALUE}).")
        int loops;

        @Override
        public Integer call() {
            if (loops < 1 || loops > 10_000_000) {
                throw new ConfigException("'--loops' = " + loops + " is not allowed: 1 to 10000000");
            }
            SdbenchConfig c = options.load();
            PrintWriter out = spec.commandLine().getOut();
            try (Database db = Database.open(c.database(), false);
                    EmulatedNetwork net = EmulatedNetwork.open(c, db, true, false, Clock.SYSTEM)) {
                boolean relayed = net.routesDatabase();
                RoundTrip rt = DbRoundTripProbe.measure(db, loops);
                if (rt == null) {
                    throw new EnvironmentException("DB round-trip probe failed against " + db.describe());
                }
                out.printf(
                        Locale.ROOT,
                        "db round trip to %s%s: SELECT 1 x %d: min %.3f  avg %.3f  max %.3f ms  (av2 %.3f ms)%n",
                        db.describe(),
                        relayed ? " through the network.appToDb relay" : "",
                        rt.samples(),
                        rt.minMs(),
                        rt.avgMs(),
                        rt.maxMs(),
                        rt.avgWithoutExtremesMs());
            }
            return ExitCode.OK;
        }
    }
}
