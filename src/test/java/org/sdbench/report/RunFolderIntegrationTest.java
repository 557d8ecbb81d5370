package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.Skip;
import org.sdbench.database.load.TestDb;

/**
 * Two short real runs against PostgreSQL that differ only in synchronous_commit (set through the
 * JDBC URL's options, so the shared test server is left alone), then everything the run folder
 * and the report commands promise is checked on them.
 */
class RunFolderIntegrationTest {
    private static final String SCHEMA = "it_report";
    private static final Path RESULTS = Path.of("target/test-results/report-it");

    private static TestDb.Run runA;
    private static TestDb.Run runB;
    private static Path a;
    private static Path b;
    private static volatile String scraped = "";

    @BeforeAll
    static void twoRuns() throws Exception {
        deleteTree(RESULTS);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Thread scraper = Thread.ofVirtual().start(scrapeWhileRunning(port));
        runA = run(
                TestDb.url(),
                "it-a",
                "--metrics-port",
                Integer.toString(port),
                "--threshold",
                "dialog.avg<60s",
                "--threshold",
                "errors<=100%");
        scraper.interrupt();
        scraper.join();
        String url = TestDb.url() + (TestDb.url().contains("?") ? "&" : "?") + "options=-c%20synchronous_commit%3Doff";
        runB = run(url, "it-b", "--threshold", "dialog.p95<0.001ms");
        a = folder(runA);
        b = folder(runB);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private static TestDb.Run run(String url, String name, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--accept-errors",
                "--db-url",
                url,
                "--set",
                "database.schema=" + SCHEMA,
                "--set",
                "name=" + name,
                "--users",
                "6",
                "--ramp-up",
                "1s",
                "--duration",
                "8s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=50ms",
                "--set",
                "run.resultsDir=" + RESULTS,
                "--interval",
                "2"));
        args.addAll(List.of(extra));
        return TestDb.sdbench(args.toArray(String[]::new));
    }

    private static Path folder(TestDb.Run r) {
        return r.out()
                .lines()
                .filter(l -> l.startsWith("results: "))
                .map(l -> Path.of(l.substring(9).strip()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no results line in:\n" + r.out() + r.err()));
    }

    /** Polls the scrape endpoint during run A until it shows dialog-step meters. */
    private static Runnable scrapeWhileRunning(int port) {
        return () -> {
            HttpClient http = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(1))
                    .build();
            var req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .build();
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (System.nanoTime() < deadline) {
                try {
                    String body =
                            http.send(req, HttpResponse.BodyHandlers.ofString()).body();
                    if (body.contains("sdbench_dialog_response_seconds_count{step=\"save\",tx=\"VA01\"}")) {
                        scraped = body;
                        return;
                    }
                } catch (IOException notYet) {
                    // The endpoint starts after the master data is loaded; keep polling.
                } catch (InterruptedException e) {
                    return;
                }
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
            }
        };
    }

    @Test
    void run_thresholds_passedExit0FailedExit1() {
        assertEquals(0, runA.exit(), runA.err() + runA.out());
        assertTrue(runA.out().contains("PASS dialog.avg<60s"), runA.out());
        assertEquals(1, runB.exit(), runB.err() + runB.out());
        assertTrue(runB.out().contains("FAIL dialog.p95<0.001ms"), runB.out());
        assertTrue(runB.out().contains("SAPS-like"), runB.out());
    }

    @Test
    void run_firstRunOnEmptySchema_loadIsOneLinePerPhaseAndNoGuidelineMissed() {
        List<String> lines = runA.out().lines().toList();
        int from = 0;
        while (from < lines.size() && !lines.get(from).startsWith("no SD data in schema")) {
            from++;
        }
        int to = from;
        while (to < lines.size() && !lines.get(to).startsWith("sdbench run '")) {
            to++;
        }
        assertTrue(to < lines.size(), "run A loaded its data first:\n" + runA.out());
        // Between the two: the rows line and the ANALYZE line (plus a "running for" line per minute of a slow load).
        List<String> load = lines.subList(from + 1, to).stream()
                .filter(l -> !l.contains("running for"))
                .toList();
        assertEquals(2, load.size(), String.join("\n", load));
        assertTrue(load.get(0).matches("  [\\d,]+ rows in \\d+ tables: .* rows/s"), load.get(0));
        assertTrue(load.get(1).startsWith("  analyze: "), load.get(1));
        assertFalse(runA.out().contains("MISSED"), "a short run's warming buffer is not judged:\n" + runA.out());
        assertTrue(runA.out().contains("verdict       not judged"), runA.out());
        assertFalse(runA.out().contains("== certificate-style summary"), "unjudged: the block stays in report.html");
    }

    @Test
    void run_badThreshold_exit2BeforeAnyWork() {
        var r = TestDb.sdbench("run", "--threshold", "dialog.avg<1");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("'--threshold' = 'dialog.avg<1' is not allowed"), r.err());
    }

    @Test
    void resultJson_bothRuns_validAgainstPublishedSchema() throws IOException {
        ResultSchema schema = ResultSchema.load();
        for (Path run : List.of(a, b)) {
            JsonNode result = Json.MAPPER.readTree(run.resolve("result.json").toFile());
            assertEquals(List.of(), schema.errors(result), run + "/result.json");
        }
    }

    @Test
    void resultJson_undocumentedOrMissingField_failsValidation() throws IOException {
        ObjectNode result =
                (ObjectNode) Json.MAPPER.readTree(a.resolve("result.json").toFile());
        result.put("surprise", 1);
        result.remove("throughput");
        assertEquals(2, ResultSchema.load().errors(result).size());
    }

    @Test
    void runFolder_allFiles_environmentHasDbSettingsAndWindowStats() throws IOException {
        for (String f : List.of("result.json", "intervals.csv", "config.yaml", "environment.json", "report.html")) {
            assertTrue(Files.isRegularFile(a.resolve(f)), a + " lacks " + f);
        }
        JsonNode envB = Json.MAPPER.readTree(b.resolve("environment.json").toFile());
        assertEquals(
                "off", envB.at("/database/settings/synchronous_commit/value").asText(), envB.toString());
        assertTrue(envB.at("/host/logicalCpus").asInt() >= 1);
        assertTrue(envB.at("/host/mitigations").isObject(), envB.at("/host").toString());
        JsonNode envA = Json.MAPPER.readTree(a.resolve("environment.json").toFile());
        JsonNode syncA = envA.at("/database/settings/synchronous_commit");
        // Left at its default, or set to "on" explicitly (the embedded test server does, to undo its library's "off").
        assertTrue(
                syncA.isMissingNode() || syncA.at("/value").asText().equals("on"),
                "durable commits in run A: " + syncA);
        // The test server is on this machine: under database.transport=auto its socket file is found and used.
        assertTrue(
                envA.at("/database/transport").asText().startsWith("unix-domain socket /"),
                envA.at("/database").toString());
        JsonNode res = Json.MAPPER.readTree(a.resolve("result.json").toFile());
        assertTrue(res.at("/dbWindow/commits").asLong() > 0, res.at("/dbWindow").toString());
        assertTrue(res.at("/dbWindow/walBytes").asLong() > 0);
        var rows = IntervalsCsv.read(a.resolve("intervals.csv"));
        assertTrue(rows.stream().anyMatch(r -> r.phase().equals("ramp-up")), "first interval is ramp-up: " + rows);
        // Window 1 s..9 s, ticks every 2 s from the start: 1-2, 2-4, 4-6, 6-8, 8-9.
        assertEquals(5, rows.stream().filter(IntervalRow::inWindow).count(), rows.toString());
        // A 1 s interval on a busy host may see no step end at all; every interval that saw steps shows their CPU.
        assertTrue(
                rows.stream()
                        .filter(IntervalRow::inWindow)
                        .allMatch(r ->
                                r.users() == 6 && (r.steps() == 0 || r.avg().cpuMs() > 0)),
                rows.toString());
        assertTrue(
                rows.stream()
                                .filter(IntervalRow::inWindow)
                                .mapToLong(IntervalRow::steps)
                                .sum()
                        > 0,
                rows.toString());
    }

    @Test
    void metricsPort_scrapedDuringRun_dotNamedMetersTagged() {
        assertTrue(scraped.contains("sdbench_dialog_response_seconds_count{step=\"save\",tx=\"VA01\"}"), scraped);
        assertTrue(scraped.contains("sdbench_update_queue{instance=\"1\"}"), scraped);
        assertTrue(scraped.contains("sdbench_dialog_time_seconds_total{component=\"db\""), scraped);
        assertTrue(scraped.contains("sdbench_users_logged_on"), scraped);
    }

    @Test
    void report_rebuildsHtmlFromResultAndIntervals() throws IOException {
        Path copy = RESULTS.resolve("rebuilt");
        deleteTree(copy);
        Files.createDirectories(copy);
        Files.copy(a.resolve("result.json"), copy.resolve("result.json"));
        Files.copy(a.resolve("intervals.csv"), copy.resolve("intervals.csv"));
        var r = TestDb.sdbench("report", copy.toString());
        assertEquals(0, r.exit(), r.err());
        String html = Files.readString(copy.resolve("report.html"));
        assertTrue(html.contains("SAPS-like, not a certified SAP benchmark"));
        assertTrue(html.contains("<canvas id=\"componentsPerTx\">"));
        assertFalse(html.contains("src=\"http"), "self-contained: no external scripts");
        var failed = TestDb.sdbench("report", copy.toString(), "--threshold", "sapsLike>1000000");
        assertEquals(1, failed.exit(), failed.out());
    }

    @Test
    void compare_runsDifferingInSynchronousCommit_showsSettingAndNoise() throws IOException {
        Path html = RESULTS.resolve("compare.html");
        var r = TestDb.sdbench("compare", a.toString(), b.toString(), "--html", html.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("synchronous_commit"), r.out());
        // A is "on" by default, or "on" set at server start (the embedded test server): B's client "off" differs.
        assertTrue(
                (r.out().contains("A: on (default)") || r.out().contains("A: on (command line)"))
                        && r.out().contains("B: off (client)"),
                r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("dialog steps/h") && l.contains("±")), r.out());
        assertTrue(Files.readString(html).contains("synchronous_commit"));

        var j = TestDb.sdbench("compare", a.toString(), b.toString(), "--html", html.toString(), "--json");
        JsonNode c = Json.MAPPER.readTree(j.out());
        assertEquals("synchronous_commit", c.at("/dbSettingsDiff/0/key").asText(), j.out());
        JsonNode ds = null;
        for (JsonNode f : c.get("figures")) {
            if (f.get("name").asText().equals("dialog steps/h")) {
                ds = f;
            }
        }
        assertNotNull(ds);
        assertTrue(ds.at("/noise/1").isNumber(), ds.toString());
        assertTrue(
                c.at("/configDiff").toString().contains("database.url"),
                c.at("/configDiff").toString());
    }

    @Test
    void compare_notARunFolder_exit2() {
        var r = TestDb.sdbench("compare", a.toString(), "target");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("is not a run folder"), r.err());
    }

    /** The browser check: skipped only when no Chromium is installed (apt-get install chromium). */
    @Test
    void html_inHeadlessChromium_loadsWithoutErrorsAndDrawsEveryChart() throws Exception {
        var browser = Chromium.find();
        Skip.unless(browser.isPresent(), "chromium is not installed");
        Path compare = RESULTS.resolve("compare-browser.html");
        assertEquals(
                0,
                TestDb.sdbench("compare", a.toString(), b.toString(), "--html", compare.toString())
                        .exit());
        for (Path page : List.of(a.resolve("report.html"), compare)) {
            String body = Chromium.bodyAttributes(browser.get(), page);
            assertTrue(body.contains("data-status=\"ok\""), page + ": " + body);
            assertTrue(body.contains("data-errors=\"0\""), page + ": " + body);
        }
        Path shots = Path.of("target/report-screenshots");
        Chromium.screenshot(browser.get(), a.resolve("report.html"), shots.resolve("report.png"), 3400);
        Chromium.screenshot(browser.get(), compare, shots.resolve("compare.png"), 2000);
        assertTrue(Files.size(shots.resolve("report.png")) > 50_000, "screenshot written");
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(x);
            }
        }
    }
}
