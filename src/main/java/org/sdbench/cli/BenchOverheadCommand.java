package org.sdbench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.config.Layout;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.study.bench.BenchSetup;
import org.sdbench.study.bench.OverheadBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "overhead",
        mixinStandardHelpOptions = true,
        description = "Simulator CPU per dialog step with zero configured CPU: steps without SQL (user context "
                + "0 B and as configured) and with the SD transactions, interleaved in rounds. Targets: < 20 us per step "
                + "without SQL; with SQL <= 15 us per SQL statement and <= 0.25x PostgreSQL's CPU per step, read "
                + "against the CPU of an empty round trip (a prepared SELECT 1 on one thread per work process) "
                + "measured after the rounds, and of a round trip with as much server CPU as the steps' round trips "
                + "had, with the round trips each step made and the share of its CPU those floors explain.")
final class BenchOverheadCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(
            names = "--think",
            paramLabel = "DURATION",
            defaultValue = "10ms",
            description = "Think time (default ${DEFAULT-VALUE}).")
    String think;

    @Option(
            names = "--window",
            paramLabel = "DURATION",
            defaultValue = "15s",
            description = "Measurement window per round (default ${DEFAULT-VALUE}).")
    String window;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "3",
            description = "Rounds per variant (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--no-sql", description = "Skip the variant with the SD transactions (no master data needed).")
    boolean noSql;

    @Option(
            names = "--layout",
            paramLabel = "two-tier|three-tier",
            description =
                    "Where the app tier runs: in this JVM, or as app-server processes (then only the SD transactions run; the app servers' and central services' CPU per step comes from their own samples, and the wire's CPU per round trip is measured on loopback) (default: appServer.layout of the configuration).")
    String layout;

    @Option(
            names = "--warm-up",
            paramLabel = "DURATION",
            defaultValue = "8s",
            description = "Unmeasured run per "
                    + "variant first (three times as long with SQL), repeated while the JIT compiler still used more than "
                    + "3 %% of the JVM's CPU (at most 6 rounds), so that compiling is done before the rounds; in "
                    + "three-tier, whose rounds start new app-server processes, each round's ramp-up is as long as "
                    + "those 6 rounds with SQL instead (default ${DEFAULT-VALUE}).")
    String warmUp;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        // Read before the database starts or data is loaded, as every option is.
        var z = Durations.parse("--think", think);
        var w = Durations.parse("--window", window);
        var warm = Durations.parse("--warm-up", warmUp);
        PrintWriter out = spec.commandLine().getOut();
        return BenchSetup.run(
                options,
                layout,
                100,
                !noSql,
                false,
                out,
                this::refuse,
                (c, db, runner, o) -> new OverheadBench(runner, o)
                        .run(new OverheadBench.Options(
                                c.run().users(),
                                z,
                                w,
                                Math.max(1, rounds),
                                !noSql,
                                c.appServer(),
                                c.workload(),
                                c.run().seed(),
                                warm)));
    }

    /** Before anything is loaded: app-server processes run the SD transactions only. */
    private void refuse(SdbenchConfig c) {
        if (noSql && c.appServer().layout() == Layout.THREE_TIER) {
            throw new ConfigException("'--no-sql' is not allowed with appServer.layout = three-tier: "
                    + "app-server processes run the SD transactions only (two-tier measures steps without SQL)");
        }
    }
}
