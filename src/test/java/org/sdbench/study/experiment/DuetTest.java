package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.ConfigException;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.load.TestDb;
import org.sdbench.run.RunEngine;
import org.sdbench.run.RunOptions;
import org.sdbench.run.StartAt;

/**
 * The duet design with real servers and real simulator processes: two embedded servers (the second
 * on a copy of the data directory) and two simulators at once, each side on its CPU half, the halves
 * swapped in round 2; each server runs its own variant's setting; pairs come from both runs'
 * matched intervals; afterwards both servers are stopped, the copy is gone and both ports are free.
 */
class DuetTest {
    @TempDir
    static Path home;

    private static int port;

    @BeforeAll
    static void load() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        TestDb.Run r = TestDb.sdbench(
                "load",
                "-c",
                "config/quick.yaml",
                "--users",
                "2",
                "--set",
                "database.embeddedDir=" + home.resolve("pg"),
                "--set",
                "database.embeddedPort=" + port);
        assertEquals(0, r.exit(), r.out() + r.err());
    }

    private static List<String> sets(String duration) {
        return List.of(
                "database.embeddedDir=" + home.resolve("pg"),
                "database.embeddedPort=" + port,
                "run.users=2",
                "run.rampUp=2s",
                "run.duration=" + duration,
                "run.rampDown=0s",
                "workload.thinkTime=200ms");
    }

    private static SdbenchConfig config(String duration) {
        return new ConfigLoader(Path.of("")).load(Path.of("config/quick.yaml"), null, sets(duration));
    }

    private static Duet.Arguments arguments(Path dir, String duration) {
        return (v, round) -> {
            List<String> a = new ArrayList<>(List.of("-c", "config/quick.yaml", "--interval", "2", "--accept-errors"));
            a.add("--no-load");
            List<String> s = new ArrayList<>(sets(duration));
            s.add("name=" + v.name() + "-r" + round);
            s.add("run.resultsDir=" + dir.resolve("runs"));
            for (String x : s) {
                a.add("--set");
                a.add(x);
            }
            return a;
        };
    }

    private static ExperimentPlan plan() {
        return new ExperimentPlan(
                "duet",
                List.of(Variant.parse("big:db.shared_buffers=128MB"), Variant.parse("small:db.shared_buffers=16MB")),
                2,
                2,
                1,
                0.05,
                new Design.Duet());
    }

    /** The experiment as the command runs it, through the design seam. */
    private static Experiment.Outcome duet(Path dir, String duration, PrintWriter out) throws InterruptedException {
        SdbenchConfig c = config(duration);
        ServerSettings settings = ServerSettings.open(c.database(), plan(), null);
        return new Experiment(
                        plan(), (v, round) -> c, new RunEngine(RunOptions.of(2).acceptingErrors(true)), dir, out)
                .withSimulators(arguments(dir, duration))
                .run(settings);
    }

    /** No process left that was started on this test's data directories: servers and simulators alike. */
    private static void assertNoneLeft() {
        List<String> left = ProcessHandle.allProcesses()
                .filter(p -> p.info()
                        .arguments()
                        .map(a -> String.join(" ", a))
                        .orElse("")
                        .contains(home.toString()))
                .map(p -> p.pid() + " " + p.info().commandLine().orElse(""))
                .toList();
        assertEquals(List.of(), left, "processes of this test still running");
    }

    private static void assertStopped(Path dataDir, int serverPort) throws Exception {
        assertNoneLeft();
        assertFalse(Files.exists(dataDir.resolve("postmaster.pid")), dataDir + " has no running server");
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), serverPort), 1);
        }
    }

    @Test
    void run_twoRounds_pairsFromBothServersHalvesSwappedEachOwnSettingAllCleanedUp() throws Exception {
        Path dir = home.resolve("experiment");
        Files.createDirectories(dir);
        StringWriter text = new StringWriter();
        Experiment.Outcome o;
        try (PrintWriter out = new PrintWriter(text, true)) {
            o = duet(dir, "10s", out);
        }
        String said = text.toString();
        Files.writeString(
                Path.of("target", "duet-test.log"),
                said + String.join("\n", Files.readAllLines(dir.resolve("rounds.csv"))));
        assertEquals(0, o.exitCode(), said);
        for (String log : List.of("duet-r1-big.log", "duet-r1-small.log", "duet-r2-big.log", "duet-r2-small.log")) {
            assertTrue(
                    Files.readString(dir.resolve(log)).contains(StartAt.READY),
                    log + ": the side waited, set up, for the instant both start at");
        }
        assertEquals("duet", o.result().plan().design());
        assertEquals(2, o.result().rounds().size(), said);
        List<String> rounds = Files.readAllLines(dir.resolve("rounds.csv"));
        assertEquals(DuetRunner.ROUNDS_HEADER, rounds.get(0));
        assertEquals(5, rounds.size(), String.join("\n", rounds));
        // Round 1: big on the first half, small on the second; round 2 swapped.
        String[] r1big = rounds.get(1).split(",");
        String[] r1small = rounds.get(2).split(",");
        String[] r2big = rounds.get(3).split(",");
        assertEquals("big", r1big[1]);
        assertNotEquals(r1big[2], r1small[2], "the sides ran on different halves");
        assertEquals(r1small[2], r2big[2], "the halves swapped in round 2");
        assertTrue(rounds.get(1).contains("shared_buffers=128MB"), rounds.get(1));
        assertTrue(rounds.get(2).contains("shared_buffers=16MB"), rounds.get(2));
        assertNotEquals(r1big[3], r1small[3], "two servers (postmasters)");
        FigureResult response = o.result().figures().stream()
                .filter(f -> f.figure().equals("avg dialog response time"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(said));
        // 5 intervals a side a round at most; the two simulators' JVMs start up to seconds apart on a busy host,
        // which leaves an interval or two of a round without a match: the pairing is the point, not the count.
        assertTrue(response.pairs() >= 3, "matched intervals of both rounds: " + response.pairs() + "\n" + said);
        assertTrue(response.confirmatory(), "judged as confirmatory in a duet");
        assertTrue(
                o.result().omitted().stream().anyMatch(m -> m.figure().equals("shared blocks read per dialog step")),
                "a per-run figure is omitted with its reason");
        assertStopped(home.resolve("pg"), port);
        assertFalse(Files.exists(DuetCopy.of(home.resolve("pg"))), "the copy is removed");
        assertFalse(Files.exists(home.resolve("pg-duet.port")), "the copy's port record is removed");
    }

    @Test
    void run_interrupted_bothSidesEndServersStoppedCopyRemoved() throws Exception {
        Path dir = home.resolve("interrupted");
        Files.createDirectories(dir);
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text, true);
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                duet(dir, "5m", out);
                ended.complete(null);
            } catch (Throwable e) {
                ended.complete(e);
            }
        });
        Path log = dir.resolve("duet-r1-small.log");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!(Files.exists(log) && Files.readString(log).contains("DS/h"))) {
            assertTrue(System.nanoTime() < deadline, "the simulator did not report progress: " + text);
            assertTrue(t.isAlive(), "the duet ended before it was interrupted: " + text);
            // Bounded pause between looks at the log: the duet thread's end also ends it.
            t.join(200);
        }
        t.interrupt();
        Throwable e = ended.get(180, TimeUnit.SECONDS);
        assertTrue(e instanceof InterruptedException, "ended by the interrupt: " + e + "\n" + text);
        assertStopped(home.resolve("pg"), port);
        assertFalse(Files.exists(DuetCopy.of(home.resolve("pg"))), "the copy is removed");
    }

    @Test
    void open_sdbenchKeyVariantInDuet_refusedInOneLine() {
        ExperimentPlan plan = new ExperimentPlan(
                "d",
                List.of(Variant.parse("base:"), Variant.parse("three:appServer.instances=2")),
                2,
                2,
                1,
                0.05,
                new Design.Duet());
        ConfigException e = assertThrows(
                ConfigException.class, () -> ServerSettings.open(config("10s").database(), plan, null));
        assertTrue(e.getMessage().contains("db.* settings only"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
