package org.sdbench.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.load.TransactionalReset;
import org.sdbench.report.AtomicFiles;
import org.sdbench.report.RunReport;
import org.sdbench.run.RunEngine;

/**
 * The sweep's lifecycle: the user levels of its plan, each a full run on reset data, sweep.json
 * after every level, sweep.html and the terminal table at the end.
 */
public final class Sweep {
    /** Makes sure the database holds the data set the sweep needs, before its first level. */
    @FunctionalInterface
    public interface DataSet {
        void ensureLoaded(Database db) throws InterruptedException;
    }

    private final SdbenchConfig base;
    private final SweepPlan plan;
    private final double limitSeconds;
    private final boolean reset;
    private final int intervalSeconds;
    private final Path resume;
    private final PrintWriter out;

    public Sweep(
            SdbenchConfig base,
            SweepPlan plan,
            double limitSeconds,
            boolean reset,
            int intervalSeconds,
            Path resume,
            PrintWriter out) {
        this.base = base;
        this.plan = plan;
        this.limitSeconds = limitSeconds;
        this.reset = reset;
        this.intervalSeconds = intervalSeconds;
        this.resume = resume;
        this.out = out;
    }

    public SweepResult run(DataSet dataSet) throws InterruptedException {
        Path dir = resume != null ? resume : folder(base);
        List<SweepRun> done = new ArrayList<>(resume != null ? SweepStore.levels(resume) : List.of());
        String started = LocalDateTime.now().toString();
        double think = base.workload().thinkTime().toNanos() / 1e9;
        try (Database db = Database.open(base.database(), false)) {
            dataSet.ensureLoaded(db);
            TransactionalReset data = new TransactionalReset(db);
            out.printf("sweep '%s' in %s: %s%n", base.name(), dir, plan.describe());
            out.flush();
            boolean exploded = false;
            for (var next = plan.next(done, exploded); next.isPresent(); next = plan.next(done, exploded)) {
                int users = next.getAsInt();
                if (reset) {
                    data.reset();
                }
                out.printf("%n--- level %d users ---%n", users);
                out.flush();
                // Errors do not end a sweep: its own search judges each level (and stops when one explodes).
                var outcome = new RunEngine(
                                RunEngine.Options.of(intervalSeconds).acceptingErrors(true))
                        .execute(level(base, users, dir), db, out);
                long bytes = data.sizes().values().stream()
                        .mapToLong(Long::longValue)
                        .sum();
                SweepRun level = SweepRun.of(
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
        return result;
    }

    private static SdbenchConfig level(SdbenchConfig c, int users, Path dir) {
        return c.withName(c.name() + "-u" + users)
                .withRun(c.run().withUsers(users).withResultsDir(dir.toString()));
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
