package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.database.load.TestDb;

/**
 * {@code bench overhead} in the three-tier layout, end to end at a tiny size: the run goes through
 * the run engine with real app-server and central-services processes, and the table holds their
 * CPU per step and the wire's CPU per round trip; the statements and round trips the app servers
 * report give the per-statement figure, judged against the floors as in two-tier.
 */
class OverheadThreeTierTest {
    private static final String SCHEMA = "it_bench_three_tier";

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void overhead_threeTier_reportsAppServerCpuPerStepAndWireCpuPerRoundTrip() {
        TestDb.Run r = TinyOverhead.run(SCHEMA, 4, 4, "--layout", "three-tier", "--set", "appServer.instances=1");
        TinyOverhead.assertRanToItsEnd(r);
        String out = r.out();
        assertTrue(figure(out, "us  app-server processes \\(their own CPU samples\\)") > 0, out);
        assertTrue(figure(out, "us  the wire: one dialog-step round trip per step") > 0, out);
        // Read in 10 ms ticks: a short window may see none (ProcessesTest reads a child's compilers).
        assertTrue(figure(out, "us  of these two, their JIT compilers") >= 0, out);
        assertTrue(
                Pattern.compile("round 1 .*app servers' JIT [0-9.]+ %")
                        .matcher(out)
                        .find(),
                out);
        assertTrue(figure(out, "us  PostgreSQL backends of this database") > 0, out);
        assertTrue(out.contains("target: simulator CPU per step <= 0.25x PostgreSQL's CPU"), out);
        statementsCountedFromTheAppServers(out);
        TinyOverhead.assertFloorRatioJudged(out, "simulator CPU (every sdbench process)");
    }

    /** The app servers' statements and round trips reach the bench: the update task's among them. */
    private static void statementsCountedFromTheAppServers(String out) {
        Matcher m = Pattern.compile("target: simulator CPU \\(every sdbench process\\) per SQL statement <= 15 us -> "
                        + "([0-9.]+) us \\(rounds .*?; ([0-9.]+) statements per dialog step, ([0-9.]+) of them by the "
                        + "update task")
                .matcher(out);
        assertTrue(m.find(), out);
        double perStatement = Double.parseDouble(m.group(1));
        double statements = Double.parseDouble(m.group(2));
        double byUpdates = Double.parseDouble(m.group(3));
        assertTrue(perStatement > 0, m.group());
        assertTrue(byUpdates > 0 && statements > byUpdates, m.group());
        Matcher trips =
                Pattern.compile("round trips: ([0-9.]+) per dialog step").matcher(out);
        assertTrue(trips.find(), out);
        double roundTrips = Double.parseDouble(trips.group(1));
        // A pipeline's statements share a round trip; every round trip carries at least one statement.
        assertTrue(roundTrips > 0 && roundTrips <= statements, trips.group() + " / " + m.group());
    }

    @Test
    void overhead_threeTierWithoutSql_refusedWithExit2() {
        TestDb.Run r = TestDb.sdbench(
                "bench",
                "overhead",
                "--layout",
                "three-tier",
                "--no-sql",
                "--db-url",
                TestDb.url(),
                "--users",
                "2",
                "--rounds",
                "1");
        assertEquals(ExitCode.USAGE, r.exit(), r.err() + r.out());
        assertTrue(r.err().contains("'--no-sql' is not allowed with appServer.layout = three-tier"), r.err());
    }

    /** The microseconds in front of {@code label} on a line of the table; -1 when no line has it. */
    private static double figure(String out, String label) {
        var m = Pattern.compile("^\\s+\\(?\\s*([0-9.]+) " + label, Pattern.MULTILINE)
                .matcher(out);
        return m.find() ? Double.parseDouble(m.group(1)) : -1;
    }
}
