package org.sdbench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.network.LinkProfile;
import org.sdbench.network.Relay;
import org.sdbench.network.RelaySpec;
import org.sdbench.network.RelayStats;
import org.sdbench.network.SocketAddresses;
import org.sdbench.process.Addresses;
import org.sdbench.process.ExitCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "relay",
        mixinStandardHelpOptions = true,
        description = {
            "A user-space TCP relay that emulates a network link: delay, jitter and loss per direction "
                    + "(for kernels without netem). Point a client at the listen address instead of the target.",
            "Loss is emulated as TCP experiences it: a lost segment is retransmitted after --rto and holds back "
                    + "the bytes behind it. --delay, --jitter and --loss shape requests (client to target), so a delay "
                    + "adds once to every round trip; --reply-* shape the way back.",
            "While it runs, stdin takes: 'cut [DURATION]' (stop forwarding, a network cut), 'resume', 'reset' "
                    + "(reset live connections), 'stats', 'quit'."
        })
final class RelayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--listen",
            paramLabel = "HOST:PORT",
            defaultValue = "127.0.0.1:0",
            converter = Addresses.Listen.class,
            description = "Loopback address to accept on; port 0 picks a free port (default ${DEFAULT-VALUE}).")
    InetSocketAddress listen;

    @Option(
            names = "--target",
            paramLabel = "HOST:PORT",
            required = true,
            converter = Addresses.Dial.class,
            description = "Where to forward connections.")
    InetSocketAddress target;

    @Option(
            names = "--delay",
            paramLabel = "DURATION",
            defaultValue = "0",
            description = "One-way delay of requests (default ${DEFAULT-VALUE}).")
    String delay;

    @Option(
            names = "--jitter",
            paramLabel = "DURATION",
            defaultValue = "0",
            description = "Extra uniform random delay of requests, up to this (default ${DEFAULT-VALUE}).")
    String jitter;

    @Option(
            names = "--loss",
            paramLabel = "RATE",
            defaultValue = "0",
            description = "Segment loss rate of requests, e.g. 0.1%% (default ${DEFAULT-VALUE}).")
    String loss;

    @Option(
            names = "--reply-delay",
            paramLabel = "DURATION",
            defaultValue = "0",
            description = "One-way delay of replies (default ${DEFAULT-VALUE}).")
    String replyDelay;

    @Option(
            names = "--reply-jitter",
            paramLabel = "DURATION",
            defaultValue = "0",
            description = "Jitter of replies (default ${DEFAULT-VALUE}).")
    String replyJitter;

    @Option(
            names = "--reply-loss",
            paramLabel = "RATE",
            defaultValue = "0",
            description = "Segment loss rate of replies (default ${DEFAULT-VALUE}).")
    String replyLoss;

    @Option(
            names = "--rto",
            paramLabel = "DURATION",
            defaultValue = "200ms",
            description = "What one lost segment costs (default ${DEFAULT-VALUE}, Linux's minimum RTO).")
    String rto;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of jitter and loss (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--duration",
            paramLabel = "DURATION",
            description = "Stop after this long (default: until 'quit' or Ctrl-C).")
    String duration;

    @Override
    public Integer call() throws Exception {
        Duration rtoValue = Durations.parse("--rto", rto);
        LinkProfile req = withRto(LinkProfile.parse("--", delay, jitter, loss), rtoValue);
        LinkProfile rep = withRto(LinkProfile.parse("--reply-", replyDelay, replyJitter, replyLoss), rtoValue);
        Duration bound = duration == null ? null : Durations.parse("--duration", duration);
        RelaySpec rs = new RelaySpec(listen, target, req, rep, seed, Clock.SYSTEM);
        PrintWriter out = spec.commandLine().getOut();
        Relay relay;
        try {
            relay = Relay.start(rs);
        } catch (IOException e) {
            throw new EnvironmentException(
                    "relay cannot listen on " + SocketAddresses.format(listen) + ": " + e.getMessage());
        }
        out.printf(
                "relay listening on %s -> %s (%s)%n",
                SocketAddresses.format(relay.address()), SocketAddresses.format(rs.target()), rs.describe());
        out.flush();
        CountDownLatch quit = new CountDownLatch(1);
        Thread.ofVirtual().name("relay-console").start(() -> console(relay, out, quit));
        Serving.until(relay, quit, bound);
        out.println(line(relay.stats()));
        return ExitCode.OK;
    }

    private static LinkProfile withRto(LinkProfile p, Duration rto) {
        return new LinkProfile(p.delay(), p.jitter(), p.loss(), rto);
    }

    private static void console(Relay relay, PrintWriter out, CountDownLatch quit) {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try {
            String l;
            while ((l = in.readLine()) != null) {
                String[] w = l.trim().split("\\s+");
                try {
                    switch (w[0]) {
                        case "cut" -> {
                            relay.cut(w.length > 1 ? Durations.parse("cut", w[1]) : null);
                            out.println("cut" + (w.length > 1 ? " for at most " + w[1] : " until 'resume'"));
                        }
                        case "resume" -> {
                            relay.resume();
                            out.println("resumed");
                        }
                        case "reset" -> out.println("reset " + relay.resetConnections() + " connection(s)");
                        case "stats" -> out.println(line(relay.stats()));
                        case "quit" -> {
                            quit.countDown();
                            return;
                        }
                        case "" -> {}
                        default ->
                            out.println("unknown command '" + w[0] + "': cut [DURATION], resume, reset, stats, quit");
                    }
                } catch (ConfigException e) {
                    out.println(e.getMessage());
                }
                out.flush();
            }
        } catch (IOException e) {
            out.println("relay console closed: " + e.getMessage());
        }
        // stdin ended (e.g. started in the background): keep relaying until the duration or Ctrl-C
    }

    private static String line(RelayStats s) {
        return String.format(
                "relay: %d connection(s) (%d open, %d failed to reach the target), %d B forwarded, %d B back, "
                        + "%d emulated loss(es)",
                s.connections(), s.open(), s.failedConnects(), s.forwardBytes(), s.backBytes(), s.losses());
    }
}
