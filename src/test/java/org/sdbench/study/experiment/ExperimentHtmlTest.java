package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    private static FigureResult figure(
            String name, String kind, String verdict, double ratio, Double low, Double high) {
        return new FigureResult(
                name,
                kind,
                kind.equals("primary") ? FigureResult.CONFIRMATORY : FigureResult.DESCRIPTIVE,
                "",
                "small",
                3,
                "ratio",
                1.0,
                ratio,
                ratio,
                Arrays.asList(low, high),
                Arrays.asList(low, high),
                0.99,
                0.04,
                0.038,
                0.01,
                0.02,
                0.5,
                verdict,
                null,
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
                "two-tier",
                "rounds",
                null,
                List.of("shared blocks read per dialog step", "commits per dialog step"),
                "looks after rounds 3 to 10");
        String longName =
                "DB time per call: SELECT <script>alert(1)</script> vbeln, posnr FROM vbap WHERE mandt = $1 AND vbeln = $2";
        return new ExperimentResult(
                ExperimentResult.SCHEMA_VERSION,
                "note",
                "sb",
                "2026-01-01T00:00Z",
                "2026-01-01T01:00Z",
                "host",
                plan,
                List.of(),
                "Holm",
                "every confirmatory figure decided after 3 rounds",
                new RunSample(0, 0, "small", "runs/w", 0, 1.2e6, Map.of(), Map.of()),
                List.of(new ExperimentResult.Round(
                        1,
                        List.of("small", "base"),
                        List.of(new RunSample(1, 1, "small", "runs/x", 0, 1.2e6, Map.of(), Map.of())),
                        null,
                        0,
                        List.of(),
                        List.of())),
                List.of(
                        figure("shared blocks read per dialog step", "primary", "changed", 2.3, 1.9, 2.8),
                        figure("commits per dialog step", "primary", "unchanged", 1.0, 0.99, 1.01),
                        figure("avg dialog response time", "secondary", "undecided", 1.1, 0.7, 1.8),
                        figure(longName, "statement", "undecided", 1.2, null, null)),
                List.of(new Analysis.Omitted(
                        "temp bytes per dialog step", "small", "confirmatory", "0 in every run of both")),
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
            Chromium.screenshot(browser.get(), page, page.resolveSibling("experiment.png"), 1400);
        }
    }

    @Test
    void render_noScriptUsesIt_noChartLibraryInlined() {
        String html = ExperimentHtml.render(sample());
        assertFalse(html.contains("<script"), "no script at all");
        assertFalse(html.contains("Chart.js"), "no chart library");
        assertTrue(html.length() < 60_000, html.length() + " characters");
    }

    @Test
    void render_omittedFigures_listedWithTheirReason() {
        String html = ExperimentHtml.render(sample());
        assertTrue(html.contains("Figures not judged") && html.contains("0 in every run of both"), html);
    }

    @Test
    void render_eachKind_ownAxisSymmetricAroundOne() {
        String html = ExperimentHtml.render(sample());
        // Primary ratios 2.3 and 1.0: an axis from 1/4 to 4; the secondary one (1.1) gets 1/1.25 to 1.25.
        assertTrue(html.contains("log axis from 0.250 to 4.000"), html);
        assertTrue(html.contains("log axis from 0.800 to 1.250"), html);
    }

    @Test
    void bound_oneRatioFarBeyondTheOthers_leftToAnArrow() {
        FigureResult wild = figure("read time per block read", "primary", "undecided", 5.2, 0.01, 2400.0);
        FigureResult counter = figure("commits per dialog step", "primary", "unchanged", 0.99, 0.98, 1.01);
        FigureResult blocks = figure("shared blocks read per dialog step", "primary", "undecided", 1.25, 0.8, 1.9);
        assertEquals(1.5, ForestPlot.bound(List.of(wild, counter, blocks), 0.05));
        FigureResult wild2 = figure("DB time per call", "primary", "undecided", 0.65, 0.05, 8.5);
        FigureResult read = figure("shared blocks read per dialog step", "primary", "changed", 0.912, 0.87, 0.96);
        List<FigureResult> two = new java.util.ArrayList<>(List.of(wild, wild2, read));
        for (int i = 0; i < 6; i++) {
            two.add(counter);
        }
        assertEquals(1.25, ForestPlot.bound(two, 0.05), "two wild ones of nine leave the axis to the rest");
        assertEquals(1.1, ForestPlot.bound(List.of(counter), 0.05), "the +-5 % band and a margin");
    }

    @Test
    void render_intervalBeyondTheAxis_arrowAtTheClippedEnd() {
        String html = ExperimentHtml.render(sample());
        // The secondary interval [0.7, 1.8] runs past both ends of its 1/1.25..1.25 axis.
        assertTrue(html.contains("interval continues to 0.700") && html.contains("interval continues to 1.800"), html);
        assertEquals(2, html.split("class=\"clipped\"", -1).length - 1, "two arrows, none for the unclipped rows");
    }
}
