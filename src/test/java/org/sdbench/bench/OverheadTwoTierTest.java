package org.sdbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.load.TestDb;

/**
 * {@code bench overhead} in the two-tier layout with SQL, end to end at a tiny size: both floors are
 * measured, and every SQL target is judged from the run's own figures, the per-statement one also
 * against the floor with server work.
 */
class OverheadTwoTierTest {
    private static final String SCHEMA = "it_bench_two_tier";

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void overhead_twoTierWithSql_judgesPerStatementAgainstTheFloorWithServerWork() {
        TestDb.load(SCHEMA, 4);
        TestDb.Run r = TinyOverhead.run(SCHEMA, 4, 3);
        TinyOverhead.assertRanToItsEnd(r);
        String out = r.out();
        Matcher m = Pattern.compile("target: JVM CPU per SQL statement <= 1\\.5x the floor with server work -> "
                        + "([0-9.]+)x \\(([0-9.]+) / ([0-9.]+) us; .*\\): (MET|NOT MET)")
                .matcher(out);
        assertTrue(m.find(), out);
        double ratio = Double.parseDouble(m.group(1));
        double perStatement = Double.parseDouble(m.group(2));
        double floor = Double.parseDouble(m.group(3));
        assertTrue(floor > 0 && perStatement > 0, m.group());
        assertEquals(perStatement / floor, ratio, 0.06 * ratio + 0.05, "the ratio is of the two figures it names");
        assertEquals(ratio <= 1.5 ? "MET" : "NOT MET", m.group(4), m.group());
        assertTrue(out.contains("target: JVM CPU per SQL statement <= 15 us -> "), out);
        assertTrue(out.contains("target: simulator CPU per step <= 0.25x PostgreSQL's CPU"), out);
    }
}
