package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.database.capture.Recording;
import org.sdbench.database.load.TestDb;

/**
 * {@code bench replay} end to end at a tiny size, in both layouts: pgbench replays every
 * connection that sent statements in the recorded run. In three-tier those are the app-server
 * processes' connections, which each process recorded into its own folder of the capture.
 */
class ReplayBenchTest {
    private static final String SCHEMA = "it_bench_replay";
    private static final Pattern REPLAYED =
            Pattern.compile("3/3 pgbench replay \\(prepared\\) of [0-9,]+ round trips on (\\d+) connections");
    private static final Pattern ORDER = Pattern.compile(
            "replay order .*\\(([0-9,]+) order lines, ([0-9,]+) round trips added, [0-9.]+ per step\\); (\\d+) requests "
                    + "still in VBHDR at the "
                    + "end, (\\d+) after the recorded run");
    /** Rows the replay and the recorded run wrote: the same statements insert and delete the same rows. */
    private static final Pattern WORK = Pattern.compile(
            "replay work {11}rows read [0-9,]+ against [0-9,]+ \\([0-9.]+ %\\), inserted ([0-9,]+) against ([0-9,]+) "
                    + ".*deleted ([0-9,]+) against ([0-9,]+) ");

    private static final Pattern SDBENCH = Pattern.compile("\nsdbench {15}([0-9,]+) DS/h");
    private static final Pattern PGBENCH = Pattern.compile("pgbench replay .* = ([0-9,]+) DS/h equivalent");
    private static final Pattern ROUND_2 =
            Pattern.compile("round 2 {15}replay first: sdbench ([0-9,]+) DS/h, replay ([0-9,]+) DS/h: ([0-9.]+)%");
    private static final Pattern OVER_ROUNDS =
            Pattern.compile("-> ([0-9.]+)% over 2 rounds \\(geometric mean; 95 % interval ([0-9.]+)% to ([0-9.]+)%\\): "
                    + "(MET|NOT MET|UNDECIDED)");

    private static final Pattern PER_STATEMENT = Pattern.compile(
            "client CPU per stmt {3}sdbench (JVM|processes) ([0-9.]+) us .* at ([0-9.]+) statements per step");

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private static TestDb.Run replay(Path work, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "bench",
                "replay",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "4",
                "--warm-up",
                "500ms",
                "--ramp-up",
                "1s",
                "--window",
                "3s",
                "--record-window",
                "2s",
                "--work-dir",
                work.toString()));
        args.addAll(List.of(extra));
        return TestDb.sdbench(args.toArray(String[]::new));
    }

    @ParameterizedTest
    @ValueSource(strings = {"two-tier", "three-tier"})
    void replay_tinyRun_pgbenchReplaysEveryRecordedConnection(String layout, @TempDir Path work) throws IOException {
        assumeTrue(ReplayPgTest.pgbenchInstalled(), "pgbench is not installed");
        // The rounds do not depend on the layout: two-tier checks them, three-tier runs one round.
        boolean rounds = layout.equals("two-tier");
        TestDb.Run r =
                replay(work, "--layout", layout, "--set", "appServer.instances=1", "--rounds", rounds ? "2" : "1");
        TinyOverhead.assertRanToItsEnd(r);
        String out = r.out();
        assertTrue(out.contains("bench replay: " + layout + ", 4 users,"), out);
        assertFalse(out.contains("INCOMPLETE"), out);
        assertTrue(out.contains("target: saturated sdbench >= 90% of the pgbench replay's DS/h"), out);
        Matcher m = PER_STATEMENT.matcher(out);
        assertTrue(m.find(), out);
        assertTrue(Double.parseDouble(m.group(2)) > 0, out);
        assertTrue(Double.parseDouble(m.group(3)) > 5, "SD steps send about 13 statements each: " + out);

        // The update clients waited for the saves: none reached a request before its dialog client wrote it.
        Matcher order = ORDER.matcher(out);
        assertTrue(order.find(), out);
        assertTrue(Long.parseLong(order.group(1).replace(",", "")) > 0, out);
        assertTrue(Integer.parseInt(order.group(3)) <= Integer.parseInt(order.group(4)), out);

        // PostgreSQL's own table statistics: the replay wrote what the recorded run wrote, number-range
        // levels and the lease the app server's start raised included.
        Matcher written = WORK.matcher(out);
        assertTrue(written.find(), out);
        assertTrue(Long.parseLong(written.group(2).replace(",", "")) > 0, out);
        assertEquals(written.group(2), written.group(1), "rows inserted: " + out);
        assertEquals(written.group(4), written.group(3), "rows deleted: " + out);
        assertTrue(out.contains("  rows written: the same in every table"), out);

        if (rounds) {
            // Two rounds, the second replaying first: sdbench's share over them is the geometric mean of the
            // two rounds' shares, inside its interval, and judged by the interval.
            double first = number(SDBENCH, out, 1) / number(PGBENCH, out, 1);
            Matcher second = ROUND_2.matcher(out);
            assertTrue(second.find(), out);
            double secondShare = Double.parseDouble(second.group(1).replace(",", ""))
                    / Double.parseDouble(second.group(2).replace(",", ""));
            assertEquals(100 * secondShare, Double.parseDouble(second.group(3)), 0.06, out);
            Matcher over = OVER_ROUNDS.matcher(out);
            assertTrue(over.find(), out);
            double mean = Double.parseDouble(over.group(1));
            assertEquals(100 * Math.sqrt(first * secondShare), mean, 0.002 * mean + 0.06, out);
            double low = Double.parseDouble(over.group(2));
            double high = Double.parseDouble(over.group(3));
            assertTrue(low <= mean && mean <= high, out);
            assertEquals(low >= 90 ? "MET" : high < 90 ? "NOT MET" : "UNDECIDED", over.group(4), out);
        }

        Matcher replayed = REPLAYED.matcher(out);
        assertTrue(replayed.find(), out);
        Path capture = work.resolve("capture");
        if (layout.equals("three-tier")) {
            assertEquals("processes", m.group(1), out);
            assertTrue(out.contains("app servers "), out);
            // The driver's process has no pool of its own: every replayed connection is the app server's.
            assertEquals(0, connections(capture));
            assertTrue(Files.isRegularFile(capture.resolve("appserver-1").resolve(Recording.FILE)));
            assertEquals(connections(capture.resolve("appserver-1")), Integer.parseInt(replayed.group(1)), out);
        } else {
            assertEquals("JVM", m.group(1), out);
            assertEquals(connections(capture), Integer.parseInt(replayed.group(1)), out);
        }
    }

    @Test
    void replay_noRounds_refusedWithOneLineNamingTheOption(@TempDir Path work) {
        TestDb.Run r = replay(work, "--rounds", "0");
        assertEquals(ExitCode.USAGE, r.exit(), r.err() + r.out());
        assertTrue(r.err().contains("--rounds") && r.err().contains("1 to 20"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    private static double number(Pattern p, String out, int group) {
        Matcher m = p.matcher(out);
        assertTrue(m.find(), out);
        return Double.parseDouble(m.group(group).replace(",", ""));
    }

    @Test
    void replay_threeTierWithHandStartedAppServers_refusedWithExit2(@TempDir Path work) {
        TestDb.Run r = replay(work, "--layout", "three-tier", "--set", "appServer.central=127.0.0.1:3299");
        assertEquals(ExitCode.USAGE, r.exit(), r.err() + r.out());
        assertTrue(r.err().contains("appServer.central=127.0.0.1:3299: the replay records the statements"), r.err());
    }

    /** Connection files in {@code dir} that hold at least one round trip. */
    private static long connections(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().matches("conn-\\d+\\.sql"))
                    .filter(f -> f.toFile().length() > 0)
                    .count();
        }
    }
}
