package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.sdbench.measure.metrics.Latency;
import org.sdbench.report.html.RunHtml;

/** The report's picture of a run: processes with host and pid, the database, the links and their emulation. */
class RunPictureTest {
    private static final Pattern SVG = Pattern.compile("<section id=\"picture\">.*?(<svg .*?</svg>)", Pattern.DOTALL);

    static RunReport threeTier(RunReport r) {
        var processes = List.of(
                new RunReport.Process("driver", "drv-host", 101, "dev", 1.5),
                new RunReport.Process("central", "cs-host", 202, "dev", 0.4),
                new RunReport.Process("appserver-1", "app-host-1", 303, "dev", 11.0),
                new RunReport.Process("appserver-2", "app-host-2", 404, "dev", null));
        var t = new RunReport.ThreeTier(
                new Latency(10, 9, 9, 9, 9, 9, 9),
                10,
                1,
                processes,
                new RunReport.CpuPerTier(1.5, 11.0, 0.4, 3.0),
                List.of(2),
                5,
                List.of());
        var hop =
                new RunReport.EmulatedHop("appToDb", "db-host:5432", "127.0.0.1:40000", 1, 0.2, 0.001, 0, 0, 0, 200, 3);
        var network = new RunReport.Network(List.of(hop), null);
        return new RunReport(
                r.schemaVersion(),
                r.note(),
                r.sdbenchVersion(),
                r.name(),
                r.startedAt(),
                "PostgreSQL (jdbc:postgresql://db-host:5432/sdbench)",
                r.users(),
                r.thinkTimeSeconds(),
                r.timeline(),
                r.summary(),
                r.throughput(),
                r.littleLaw(),
                r.appTier(),
                r.reliability(),
                r.dbWindow(),
                r.host(),
                r.thresholds(),
                r.warnings(),
                r.certificate(),
                r.tableBuffer(),
                r.work(),
                network,
                t);
    }

    private static String picture(RunReport r) throws Exception {
        Matcher m = SVG.matcher(RunHtml.render(r, List.of(), null));
        assertTrue(m.find(), "report.html has no picture section with an SVG");
        String svg = m.group(1);
        DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        return svg;
    }

    @Test
    void render_threeTierRun_drawsEveryProcessWithHostAndPidAndTheEmulatedLink() throws Exception {
        String svg = picture(threeTier(Fixtures.report()));
        for (String s : List.of(
                "driver",
                "drv-host",
                "pid 101",
                "central",
                "cs-host",
                "pid 202",
                "appserver-1",
                "app-host-1",
                "pid 303",
                "appserver-2",
                "pid 404",
                "host db-host",
                "LOST during the run",
                "appToDb: relay +1.00 ms ± 0.20 ms, loss 0.10 % per round trip (3 emulated retransmissions)",
                "appToDb · relay",
                "driverToApp: direct",
                "appToCentral: direct")) {
            assertTrue(svg.contains(s), "picture lacks '" + s + "'");
        }
        if (Boolean.getBoolean("sdbench.shots")) {
            Path page = Files.createTempFile("run-picture", ".html");
            Files.writeString(page, RunHtml.render(threeTier(Fixtures.report()), List.of(), null));
            var browser = Chromium.find();
            if (browser.isPresent()) {
                Chromium.screenshot(
                        browser.get(),
                        page,
                        Path.of(System.getProperty("sdbench.shotsDir", "target/shots"))
                                .resolve("run-picture-three-tier.png"),
                        1100);
            }
        }
    }

    @Test
    void render_twoTierRun_drawsOneProcessAndTheDatabaseWithoutThreeTierLinks() throws Exception {
        String svg = picture(Fixtures.report());
        assertTrue(svg.contains("sdbench run"), svg);
        assertTrue(svg.contains("appToDb: direct"), svg);
        assertFalse(svg.contains("driverToApp"), "a two-tier run has no driver-to-app link: " + svg);
        assertFalse(svg.contains("central services"), svg);
    }
}
