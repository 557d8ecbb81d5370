package org.sdbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.sdbench.apptier.process.Addresses;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.Durations;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.network.LinkProfile;
import org.sdbench.network.Relay;
import org.sdbench.network.RelayConsole;
import org.sdbench.network.RelaySpec;
import org.sdbench.network.SocketAddresses;
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
        LinkProfile req = LinkProfile.parse("--", delay, jitter, loss).withRetransmitTimeout(rtoValue);
        LinkProfile rep = LinkProfile.parse("--reply-", replyDelay, replyJitter, replyLoss)
                .withRetransmitTimeout(rtoValue);
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
        Thread.ofVirtual().name("relay-console").start(() -> RelayConsole.run(relay, System.in, out, quit));
        Serving.until(relay, quit, bound);
        out.println(RelayConsole.line(relay.stats()));
        return ExitCode.OK;
    }
}
