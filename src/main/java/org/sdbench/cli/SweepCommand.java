package org.sdbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.config.RunConfig;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.load.TransactionalReset;
import org.sdbench.process.ConfigOptions;
import org.sdbench.process.ExitCode;
import org.sdbench.report.AtomicFiles;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;
import org.sdbench.run.RunEngine;
import org.sdbench.run.RunPreflight;
import org.sdbench.sweep.LevelResult;
import org.sdbench.sweep.SweepHtml;
import org.sdbench.sweep.SweepPlan;
import org.sdbench.sweep.SweepResult;
import org.sdbench.sweep.SweepStore;
import org.sdbench.sweep.SweepTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "sweep",
        mixinStandardHelpOptions = true,
        description =
                "Capacity sizing: run successive user levels on one data set and find the most users whose average dialog response time stays under --limit. Each level is a full run (its own folder); sweep.json, sweep.html and the terminal table show the capacity curve, the interpolated maximum and a queueing-model prediction beside it. An interrupted sweep continues with --resume.")
final class SweepCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(
            names = "--levels",
            paramLabel = "LIST",
            description = "User levels: '10,20,40' or a range '10..150/10'. Default: automatic search for the knee.")
    String levels;

    @Option(
            names = "--limit",
            paramLabel = "DURATION",
            defaultValue = "1s",
            description = "Average dialog response time limit (default ${DEFAULT-VALUE}; the 2003 benchmark used 2s).")
    String limit;

    @Option(
            names = "--start",
            paramLabel = "N",
            defaultValue = "10",
            description = "First level of the automatic search.")
    int start;

    @Option(
            names = "--max-users",
            paramLabel = "N",
            defaultValue = "2000",
            description = "Most users the automatic search may try (the data set is loaded for this many).")
    int maxUsers;

    @Option(
            names = "--precision",
            paramLabel = "FRACTION",
            defaultValue = "0.1",
            description =
                    "Automatic search stops when the bracket around the knee is this narrow (default ${DEFAULT-VALUE}).")
    double precision;

    @Option(
            names = "--reset",
            paramLabel = "MODE",
            defaultValue = "truncate",
            description =
                    "Between levels: 'truncate' removes the documents and restores stock so levels compare; 'none' lets tables grow.")
    String reset;

    @Option(
            names = "--resume",
            paramLabel = "DIR",
            description = "Continue the sweep in this folder from its last finished level.")
    Path resume;

    @Mixin
    PhaseOptions phases;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (!reset.equals("truncate") && !reset.equals("none")) {
            throw new ConfigException("'--reset' = '" + reset + "' is not allowed: truncate or none");
        }
        double limitSeconds = Durations.parse("--limit", limit).toNanos() / 1e9;
        if (limitSeconds <= 0) {
            throw new ConfigException("'--limit' = '" + limit + "' is not allowed: a duration above 0, such as 1s");
        }
        SweepPlan plan = levels == null
                ? SweepPlan.automatic(start, limitSeconds, precision, maxUsers)
                : SweepPlan.parse(levels);
        List<String> extra = new ArrayList<>(phases.overrides());
        extra.add("run.users=" + plan.maxUsers());
        SdbenchConfig base = options.load(extra);
        RunPreflight.settings(base);
        RunFolder.requireWritable(
                resume != null ? "--resume" : "run.resultsDir",
                resume != null ? resume : Path.of(base.run().resultsDir()));
        PrintWriter out = spec.commandLine().getOut();
        Path dir = resume != null ? resume : folder(base);
        List<LevelResult> done = new ArrayList<>(resume != null ? SweepStore.levels(resume) : List.of());
        String started = LocalDateTime.now().toString();
        double think = base.workload().thinkTime().toNanos() / 1e9;
        try (Database db = Database.open(base.database(), false)) {
            new DataSetCheck(db, base, out).ensureLoaded(true);
            TransactionalReset data = new TransactionalReset(db);
            out.printf("sweep '%s' in %s: %s%n", base.name(), dir, plan.describe());
            out.flush();
            boolean exploded = false;
            for (var next = plan.next(done, exploded); next.isPresent(); next = plan.next(done, exploded)) {
                int users = next.getAsInt();
                if (reset.equals("truncate")) {
                    data.reset();
                }
                out.printf("%n--- level %d users ---%n", users);
                out.flush();
                // Errors do not end a sweep: its own search judges each level (and stops when one explodes).
                var outcome = new RunEngine(
                                RunEngine.Options.of(phases.intervalSeconds).acceptingErrors(true))
                        .execute(level(base, users, dir), db, out);
                long bytes = data.sizes().values().stream()
                        .mapToLong(Long::longValue)
                        .sum();
                LevelResult level = LevelResult.of(
                        outcome.report(), dir.relativize(outcome.folder()).toString(), bytes);
                done.add(level);
                SweepResult result = SweepResult.of(base.name(), started, limitSeconds, think, done, RunReport.NOTE);
                SweepStore.save(dir, result);
                if (level.stoppedEarly()) {
                    out.println("sweep interrupted: continue with 'sdbench sweep --resume " + dir
                            + "' and the same options");
                    break;
                }
                exploded = level.errorRate() > 0.05 || level.avgResponseMs() / 1000 > 5 * limitSeconds;
            }
        }
        SweepResult result = SweepResult.of(base.name(), started, limitSeconds, think, done, RunReport.NOTE);
        SweepStore.save(dir, result);
        writeHtml(dir, result);
        SweepTable.print(result, out);
        out.println("sweep: " + dir.resolve(SweepStore.FILE).toAbsolutePath());
        out.println("chart: " + dir.resolve("sweep.html").toAbsolutePath());
        out.flush();
        return ExitCode.OK;
    }

    private static SdbenchConfig level(SdbenchConfig c, int users, Path dir) {
        RunConfig r = c.run();
        RunConfig lr = new RunConfig(
                users,
                r.rampUp(),
                r.duration(),
                r.rampDown(),
                r.seed(),
                r.workload(),
                dir.toString(),
                r.rules(),
                r.customizingChangeEvery(),
                r.cpuSplit());
        return new SdbenchConfig(
                c.name() + "-u" + users, c.database(), c.appServer(), lr, c.load(), c.workload(), c.network());
    }

    private static Path folder(SdbenchConfig c) {
        Path dir = Path.of(
                c.run().resultsDir(),
                LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-sweep-" + c.name());
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create the sweep folder " + dir + " (" + e.getMessage()
                    + "): set run.resultsDir to a writable directory");
        }
    }

    private static void writeHtml(Path dir, SweepResult r) {
        try {
            AtomicFiles.writeString(dir.resolve("sweep.html"), SweepHtml.render(r));
        } catch (IOException e) {
            throw new EnvironmentException("writing " + dir.resolve("sweep.html") + " failed: " + e.getMessage());
        }
    }
}
