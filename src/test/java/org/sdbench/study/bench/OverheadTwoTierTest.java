package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;

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
        TinyOverhead.assertFloorRatioJudged(out, "JVM CPU");
        assertTrue(out.contains("target: JVM CPU per SQL statement <= 15 us -> "), out);
        assertTrue(out.contains("target: simulator CPU per step <= 0.25x PostgreSQL's CPU"), out);
    }
}
