package org.sdbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.EnvironmentException;
import org.sdbench.metrics.Interval;

/** One folder per run: result.json, intervals.csv and the effective configuration. */
public final class RunFolder {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunFolder() {
    }

    public static Path create(SdbenchConfig c, LocalDateTime started) {
        Path dir = Path.of(c.run().resultsDir(), started.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + c.name());
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create the result folder " + dir + " (" + e.getMessage()
                    + "): set run.resultsDir to a writable directory");
        }
    }

    public static void write(Path dir, SdbenchConfig c, RunReport report, List<Interval> intervals) {
        try {
            JSON.writeValue(dir.resolve("result.json").toFile(), report);
            Files.writeString(dir.resolve("config.yaml"), ConfigLoader.toYaml(c));
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(dir.resolve("intervals.csv")))) {
                w.println("wall_ms,seconds,in_window,steps,errors,ds_per_hour,avg_ms,p95_ms,max_ms,line_items,updates,"
                        + "update_queue_max,think_lag_p95_ms");
                for (Interval i : intervals) {
                    w.printf(Locale.ROOT, "%d,%.3f,%b,%d,%d,%.0f,%.2f,%.2f,%.2f,%d,%d,%d,%.2f%n", i.wallMillis(), i.seconds(),
                            i.inWindow(), i.steps(), i.errors(), i.dialogStepsPerHour(), i.avgMs(), i.p95Ms(), i.maxMs(),
                            i.lineItems(), i.updates(), i.updateQueueMax(), i.thinkLagP95Ms());
                }
            }
        } catch (IOException e) {
            throw new EnvironmentException("writing results into " + dir + " failed: " + e.getMessage());
        }
    }
}
