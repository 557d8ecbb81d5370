package org.sdbench.cli;

import org.sdbench.study.bench.BenchSetup;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Benchmarks of the simulator itself (not of the database): its CPU per dialog step, how many "
                    + "users one JVM drives on schedule, and its share of the host CPU at saturation. Exit code 1 when "
                    + "the figure misses its target.",
            "Run them against a local PostgreSQL (e.g. --db-url jdbc:postgresql://127.0.0.1:5432/sdbench_perf), "
                    + "or all three with bench/simulator.sh. Benches without SQL use their own schema "
                    + BenchSetup.NO_SQL_SCHEMA
                    + " (empty tables); benches with SQL reset the documents to the loaded "
                    + "state before every run, as 'sweep' does between levels."
        },
        subcommands = {
            BenchOverheadCommand.class,
            BenchUsersCommand.class,
            BenchSaturationCommand.class,
            BenchReplayCommand.class,
            BenchWorkCommand.class,
            BenchWireCommand.class
        })
final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "a bench is required (overhead, users, saturation, replay, work, wire)");
    }
}
