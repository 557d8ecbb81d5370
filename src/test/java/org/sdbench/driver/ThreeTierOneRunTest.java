package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.Json;

/**
 * One run per app tier. Central services and two app servers started by hand; a run is pointed at
 * them and, while it runs, a second driver with the same command line in a process of its own: the
 * second gets one line naming the running run and its start, and exit 3, before it touches anything;
 * the first completes cleanly. The hand-started processes stay up after the run (its end drains them
 * but stops only what a run started) and log one line for it; the next run is served by them too.
 */
class ThreeTierOneRunTest {
    private static final String SCHEMA = "it_threetier_onerun";
    private static final HandStartedProcesses processes = new HandStartedProcesses();

    @BeforeAll
    static void dropLeftovers() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @AfterAll
    static void cleanUp() throws Exception {
        processes.stopAll();
        TestDb.drop(SCHEMA);
    }

    private static String[] run(String central, String duration) {
        return Args.run()
                .threeTier()
                .quick()
                .db(SCHEMA)
                .users(4)
                .set("appServer.central", central)
                .rampUp("1s")
                .duration(duration)
                .rampDown("1s")
                .set("run.resultsDir", "target/test-results/three-tier-one-run")
                .interval(2)
                // Little's law over a short window of 4 users on a shared host is noise: failed steps are checked
                // instead.
                .flag("--accept-errors")
                .build();
    }

    /** The run ended cleanly: exit 0, steps served, none failed. */
    private static void clean(TestDb.Run r) throws Exception {
        assertEquals(0, r.exit(), r.out() + r.err() + String.join("\n", processes.output()));
        JsonNode result = Json.MAPPER.readTree(r.folder().resolve("result.json").toFile());
        assertEquals(0, result.at("/summary/errorsByKind").size(), "no failed step: " + result.at("/summary"));
        assertTrue(result.at("/summary/overall/response/count").asLong() > 0, "steps served: " + result.at("/summary"));
    }

    @Test
    void run_secondDriverWhileARunIsOn_refusedWithExit3AndTheFirstCompletes() throws Exception {
        TestDb.Run load = TestDb.sdbench(
                Args.load().threeTier().quick().users(4).db(SCHEMA).build());
        assertEquals(0, load.exit(), load.out() + load.err());
        int port = processes.start(Args.central().db(SCHEMA).build());
        String at = "127.0.0.1:" + port;
        processes.start(Args.appserver(at, 1).db(SCHEMA).build());
        processes.start(Args.appserver(at, 2).db(SCHEMA).build());

        // A window long enough that the second driver's JVM is up well before it ends, on a busy host too.
        CompletableFuture<TestDb.Run> first = CompletableFuture.supplyAsync(() -> TestDb.sdbench(run(at, "40s")));
        TestDb.awaitRunOrders(SCHEMA);
        Process second = sdbench(run(at, "15s"));
        assertTrue(second.waitFor(3, TimeUnit.MINUTES), "the second driver ends");
        String out = new String(second.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(second.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        TestDb.Run r = first.get(5, TimeUnit.MINUTES);

        clean(r);
        String name = r.folder().getFileName().toString();
        assertEquals(3, second.exitValue(), out + err);
        List<String> lines = err.lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), "one line: " + err);
        assertTrue(
                lines.get(0).contains("already serving run '" + name + "' started 20")
                        && lines.get(0).contains("one run at a time"),
                lines.get(0));
        assertTrue(processes.started().stream().allMatch(Process::isAlive), "the hand-started processes stay up");

        TestDb.Run next = TestDb.sdbench(run(at, "6s"));
        clean(next);
        String nextName = next.folder().getFileName().toString();
        // The central services see the driver's connection close a moment after the run returned.
        awaitOutput("served run '" + nextName + "'", 3);
        for (String who : List.of("[central] ", "[appserver] ")) {
            for (String run : List.of(name, nextName)) {
                long served = processes.output().stream()
                        .filter(l -> l.startsWith(who) && l.contains("served run '" + run + "'"))
                        .count();
                assertEquals(
                        who.equals("[central] ") ? 1 : 2,
                        served,
                        who + "lines for " + run + ":\n" + String.join("\n", processes.output()));
            }
        }
        assertTrue(processes.started().stream().allMatch(Process::isAlive), "still up after the next run");
        TestDb.Run check = TestDb.sdbench(Args.of("check").db(SCHEMA).build());
        assertEquals(0, check.exit(), check.out() + check.err());
    }

    /** Until {@code n} lines of the processes' output contain {@code text}: a condition, polled, bounded. */
    private static void awaitOutput(String text, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (processes.output().stream().filter(l -> l.contains(text)).count() < n && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }

    /** {@code sdbench ARGS} in a process of its own, as a second user on the host would start it. */
    private static Process sdbench(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "org.sdbench.cli.Main"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).start();
    }
}
