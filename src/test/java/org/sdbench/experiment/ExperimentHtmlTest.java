package org.sdbench.experiment;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sdbench.report.Chromium;

class ExperimentHtmlTest {
    private static FigureResult figure(String name, String verdict, double ratio, Double low, Double high) {
        return new FigureResult(
                name,
                "primary",
                "",
                "small",
                3,
                1.0,
                ratio,
                ratio,
                Arrays.asList(low, high),
                0.04,
                0.01,
                verdict,
                List.of(1.0, 1.1, 0.9),
                List.of(ratio, ratio * 1.05, ratio * 0.95));
    }

    static ExperimentResult sample() {
        var plan = new ExperimentResult.Plan(
                List.of(
                        ExperimentResult.PlanVariant.of(Variant.parse("base:")),
                        ExperimentResult.PlanVariant.of(Variant.parse("small:db.shared_buffers=16MB"))),
                3,
                10,
                1,
                0.05,
                30,
                60,
                100,
                "workloads/sd-standard.yaml",
                "two-tier");
        String longName =
                "DB time per call: SELECT <script>alert(1)</script> vbeln, posnr FROM vbap WHERE mandt = $1 AND vbeln = $2";
        return new ExperimentResult(
                1,
                "note",
                "sb",
                "2026-01-01T00:00Z",
                "2026-01-01T01:00Z",
                "host",
                plan,
                List.of(),
                "Holm",
                "every primary figure decided after 3 rounds",
                List.of(new ExperimentResult.Round(
                        1,
                        List.of("small", "base"),
                        List.of(new RunSample(1, 1, "small", "runs/x", 0, 1.2e6, Map.of())))),
                List.of(
                        figure("shared blocks read per dialog step", "changed", 2.3, 1.9, 2.8),
                        figure("commits per dialog step", "unchanged", 1.0, 0.99, 1.01),
                        figure(longName, "undecided", 1.2, null, null)),
                List.of(),
                List.of("a note"));
    }

    @Test
    void render_longLabelsAndScriptInNames_cutEscapedAndThePageRenders() throws Exception {
        String html = ExperimentHtml.render(sample());
        assertFalse(html.contains("<script>alert"), "a statement's text is escaped");
        assertTrue(html.contains("…</text>"), "a long label is cut");
        assertTrue(html.contains("<title>DB time per call: SELECT &lt;script&gt;"), "the whole name is the tooltip");
        Path page = Path.of("target", "experiment-html", "experiment.html");
        Files.createDirectories(page.getParent());
        Files.writeString(page, html);
        var browser = Chromium.find();
        if (browser.isPresent()) {
            String body = Chromium.bodyAttributes(browser.get(), page);
            assertTrue(body.contains("data-status=\"ok\""), body);
            Chromium.screenshot(browser.get(), page, page.resolveSibling("experiment.png"), 900);
        }
    }
}
