package org.sdbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.load.TestDb;
import org.sdbench.process.ExitCode;

/**
 * {@code bench overhead} in the three-tier layout, end to end at a tiny size: the run goes through
 * the run engine with real app-server and central-services processes, and the table holds their
 * CPU per step and the wire's CPU per round trip.
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
        assertTrue(figure(out, "us  PostgreSQL backends of this database") > 0, out);
        assertTrue(out.contains("target: simulator CPU per step <= 0.25x PostgreSQL's CPU"), out);
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
