package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.ConfigLoader;
import org.sdbench.core.SdStep;
import org.sdbench.core.SettableClock;
import org.sdbench.measure.metrics.Components;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.report.compare.CompareText;
import org.sdbench.report.compare.Comparer;
import org.sdbench.report.html.RunHtml;
import org.sdbench.report.threshold.Thresholds;

/**
 * Every output that lists the ST03 components, pinned to the bytes in {@code component-outputs.txt}:
 * the terminal summary, intervals.csv, a threshold on each component, the comparison's text and the
 * HTML report's steps table. Each component carries its own value, so two swapped show.
 */
class ComponentOutputsTest {
    private static final long US = 1_000L;
    private static final String GOLDEN = "/org/sdbench/report/component-outputs.txt";

    @TempDir
    Path dir;

    private static RunReport report(long scale) {
        SettableClock clock = new SettableClock();
        RunMetrics m = new RunMetrics(clock);
        StepTimes t = new StepTimes(
                100 * scale * US,
                200 * scale * US,
                300 * scale * US,
                400 * scale * US,
                3,
                500 * scale * US,
                600 * scale * US,
                700 * scale * US,
                800 * scale * US,
                7);
        for (int loop = 0; loop < 10; loop++) {
            for (SdStep s : SdStep.values()) {
                m.record(new StepResult(s, StepOutcome.Ok.INSTANCE, t, 0), 4_000 * scale * US);
            }
        }
        clock.set(60_000_000 * US);
        m.interval(true);
        var c = new ConfigLoader(Path.of(""))
                .load(
                        Path.of("config/quick.yaml"),
                        null,
                        List.of(
                                "database.kind=postgresql",
                                "database.url=jdbc:postgresql://127.0.0.1:5432/golden",
                                "database.schema=golden"));
        var app = new RunReport.AppTier(1, 4, 2, null, 0, 0, 0, 1, 0, 0, 0, 0, 0);
        var rel = new RunReport.Reliability(0, 0, 0, true, 0, 0, false, 0, 0);
        return RunReport.of(
                c,
                "golden",
                "2025-01-01T00:00",
                "none",
                m.summary(),
                app,
                rel,
                new RunReport.Timeline(0, 60, 0, 10),
                null,
                null,
                List.of());
    }

    private static List<IntervalRow> intervals(double scale) {
        List<IntervalRow> rows = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            double k = scale * (1 + i / 10.0);
            rows.add(new IntervalRow(
                    1_700_000_000_000L + 5_000L * i,
                    5.0 * (i + 1),
                    5.0,
                    "measurement",
                    true,
                    10,
                    240 + i,
                    0,
                    172_800 + 1_000 * i,
                    4.25 * k,
                    9.5 * k,
                    30.0 * k,
                    new Components(0.1 * k, 0.2 * k, 0.3 * k, 0.4 * k, 0.5 * k, 0.6 * k, 0.7 * k, 0.8 * k),
                    75,
                    60,
                    3,
                    1,
                    0.5));
        }
        return rows;
    }

    private String render() throws Exception {
        RunReport base = report(1);
        RunReport other = report(2);
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        out.println("== terminal summary");
        TerminalSummary.print(base, out);
        out.println("== intervals.csv");
        Path csv = dir.resolve("intervals.csv");
        IntervalsCsv.write(csv, intervals(1));
        out.print(Files.readString(csv));
        out.println("== thresholds");
        List<String> keys = List.of("wait", "rollIn", "cpu", "db", "enqueue", "numberRange", "updateWait", "rollOut");
        for (String key : keys) {
            for (var r : Thresholds.evaluate(Thresholds.parse(List.of("VA01.%s < 0.35 ms".formatted(key))), base)) {
                out.println(r.expression() + " " + r.passed() + " " + r.actual());
            }
        }
        out.println("== compare text");
        var runs = List.of(
                new RunFolder.Loaded(Path.of("base"), base, intervals(1), null, Map.of()),
                new RunFolder.Loaded(Path.of("other"), other, intervals(2), null, Map.of()));
        CompareText.print(Comparer.compare(runs), out);
        out.println("== report.html steps");
        String html = RunHtml.render(base, intervals(1), null);
        int from = html.indexOf("id=\"steps\"");
        out.println(html.substring(from, html.indexOf("</section>", from)));
        out.flush();
        return s.toString();
    }

    @Test
    void render_everyComponentOutput_matchesTheGoldenBytes() throws Exception {
        String actual = render();
        String write = System.getProperty("sdbench.golden.write");
        if (write != null) {
            Files.writeString(Path.of(write), actual, StandardCharsets.UTF_8);
        }
        try (var in = ComponentOutputsTest.class.getResourceAsStream(GOLDEN)) {
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), actual);
        }
    }
}
