package org.sdbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.CaptureProtocols;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.capture.StatementCapture;
import org.sdbench.study.bench.BenchSetup;
import org.sdbench.study.bench.ReplayBench;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        description = {
            "sdbench saturated (think time 0, no work per step) against pgbench replaying the statements "
                    + "of the same run: a second run records what every pooled connection sends, pgbench replays it "
                    + "with one client per connection on the reset data, and its time gives a DS/h equivalent. "
                    + "Target: sdbench reaches >= 90 %% of it. PostgreSQL only; needs pgbench on the PATH.",
            "The replay sends each statement as EXECUTE of a statement prepared before the start with the "
                    + "parameter types pgjdbc declared (--replay-protocol prepared, the default): the server skips parse "
                    + "and plan as for pgjdbc's named statements and only parses the short EXECUTE text. "
                    + "--replay-protocol simple inlines the parameters as literals: the server parses and plans every "
                    + "statement.",
            "Each client replays its connection as fast as it can; an update client waits for the COMMIT that "
                    + "saved its next request, as the update task's queue made the update work process wait (an advisory "
                    + "lock per request, taken before the start).",
            "In three-tier (--layout three-tier) each app-server process the run starts records its own pools "
                    + "into a folder of the capture, and the replay joins them: pgbench stands in for the app servers, "
                    + "and sdbench's CPU is that of all its processes.",
            "The capture and the scripts (replay-KKK-PPPP.sql: connection KKK cut into parts) stay in the work "
                    + "folder; they hold the run's data, never a password."
        })
final class BenchReplayCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(
            names = "--layout",
            paramLabel = "two-tier|three-tier",
            description =
                    "Where the app tier runs: in this JVM, or as app-server processes this bench starts (default: appServer.layout of the configuration).")
    String layout;

    @Option(
            names = "--ramp-up",
            paramLabel = "DURATION",
            defaultValue = "5s",
            description = "Ramp-up (default ${DEFAULT-VALUE}).")
    String rampUp;

    @Option(
            names = "--window",
            paramLabel = "DURATION",
            defaultValue = "20s",
            description = "Measurement window (default ${DEFAULT-VALUE}).")
    String window;

    @Option(
            names = "--warm-up",
            paramLabel = "DURATION",
            defaultValue = "15s",
            description = "Each unmeasured saturated round before the measured run, repeated while the JIT "
                    + "compiler still used more than 3 %% of the JVM's CPU (at most 6 rounds); in three-tier, whose "
                    + "runs start new app-server processes, the measured run's ramp-up is six times this instead "
                    + "(default ${DEFAULT-VALUE}).")
    String warmUp;

    @Option(
            names = "--record-window",
            paramLabel = "DURATION",
            defaultValue = "6s",
            description = "Window of the "
                    + "recorded run (default ${DEFAULT-VALUE}); its steps of every phase are replayed. The scripts hold every "
                    + "update payload (about 16 kB per step), so keep it short. Shortened, with a line saying so, when "
                    + "the replay's order (about two locks per saved request) would not fit the server's lock table at "
                    + "the measured run's rate.")
    String recordWindow;

    @Option(
            names = "--work-dir",
            paramLabel = "DIR",
            description = "Where the capture and the script go "
                    + "(default: a new folder sdbench-replay-* in the system's temporary folder).")
    Path workDir;

    @Option(
            names = "--pgbench-timeout",
            paramLabel = "DURATION",
            defaultValue = "10m",
            description = "Bound on " + "the pgbench replay (default ${DEFAULT-VALUE}).")
    String pgbenchTimeout;

    @Option(
            names = "--replay-protocol",
            paramLabel = "simple|prepared",
            defaultValue = "prepared",
            converter = CaptureProtocols.class,
            description =
                    "How pgbench sends the recorded statements: "
                            + "prepared (PREPARE before the start, then EXECUTE with the recorded parameters: pgjdbc's server work) "
                            + "or simple (parameters inlined as literals: parse and plan of every statement); default ${DEFAULT-VALUE}.")
    StatementCapture.Protocol protocol;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "1",
            description = "Rounds of a measured sdbench run and a pgbench replay of the one recorded run, "
                    + "alternating which goes first; with 2 or more the target is judged on the 95 %% interval of "
                    + "sdbench's share over the rounds, not on one pair of runs (default ${DEFAULT-VALUE}).")
    int rounds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        ReplayBench.Options.requireRounds(rounds);
        // Every option is read before the database starts or data is loaded: a refused one changes nothing.
        var bench = ReplayBench.bench(
                Durations.parse("--ramp-up", rampUp),
                Durations.parse("--window", window),
                Durations.parse("--pgbench-timeout", pgbenchTimeout),
                Durations.parse("--record-window", recordWindow),
                Durations.parse("--warm-up", warmUp),
                workDir,
                protocol,
                rounds);
        return BenchSetup.run(
                options, layout, 100, true, true, spec.commandLine().getOut(), this::refuse, bench);
    }

    private void refuse(SdbenchConfig c) {
        String refusal = ReplayBench.Options.refusal(c);
        if (refusal != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), refusal);
        }
    }
}
