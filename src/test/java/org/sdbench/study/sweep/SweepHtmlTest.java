package org.sdbench.study.sweep;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sdbench.report.Chromium;

class SweepHtmlTest {
    @Test
    void render_sweepWithRounds_statementDotsAndBandAndThePageRenders() throws Exception {
        SweepResult r = SweepResultTest.sample();
        String html = SweepHtml.render(r);
        assertTrue(html.contains("Sizing statement") && html.contains("users at the limit"), "the statement");
        assertTrue(
                html.contains("\"runUsers\"") && html.contains("\"ci\""),
                "every run and the interval travel to the chart");
        assertTrue(html.contains("held out " + r.model().heldOut().users() + " users"), "the model's check");
        var body = Chromium.render(Path.of("target", "sweep-html", "sweep.html"), html, 1400);
        body.ifPresent(b -> assertTrue(b.contains("data-status=\"ok\""), b));
    }
}
