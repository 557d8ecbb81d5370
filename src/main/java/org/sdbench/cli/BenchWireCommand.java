package org.sdbench.cli;

import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.ConfigException;
import org.sdbench.study.bench.WireBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "wire",
        mixinStandardHelpOptions = true,
        description =
                "CPU the three-tier wire adds per dialog-step round trip, driver and app-server side together, on loopback, with no step work (the two-tier call costs none of it).")
final class BenchWireCommand implements Callable<Integer> {
    @Option(names = "--round-trips", paramLabel = "N", description = "Round trips per client (default 50000).")
    long roundTrips = 50_000;

    @Option(
            names = "--clients",
            paramLabel = "N",
            description = "Concurrent callers sharing one connection, like users of one instance (default 4).")
    int clients = 4;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (roundTrips < 1 || clients < 1 || clients > 10_000) {
            throw new ConfigException("'--round-trips' = " + roundTrips + ", '--clients' = " + clients
                    + " are not allowed: at least 1 round trip, 1 to 10000 clients");
        }
        var r = WireBench.run(clients, roundTrips);
        var out = spec.commandLine().getOut();
        out.printf(
                "wire: %,d dialog-step round trips by %d clients in %.1f s on loopback%n",
                r.roundTrips(), r.clients(), r.seconds());
        out.printf(
                "  CPU per round trip, both sides: %.1f us (target <= 50 us); latency avg %.1f us%n",
                r.cpuMicrosPerRoundTrip(), r.avgLatencyMicros());
        out.flush();
        return ExitCode.OK;
    }
}
