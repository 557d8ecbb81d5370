package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;

/**
 * {@code bench overhead --no-sql} end to end at a tiny size: the steps without SQL are measured once
 * with the configured user context and, when that context is not empty, once without it beside them.
 */
class OverheadNoSqlTest {
    private static final String SCHEMA = "it_bench_no_sql";

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void overhead_noUserContextConfigured_measuresTheStepsWithoutSqlOnce() {
        TestDb.Run r = TinyOverhead.run(SCHEMA, 4, 2, "--no-sql", "--set", "appServer.userContextBytes=0");
        TinyOverhead.assertRanToItsEnd(r);
        assertEquals(1, summaryLines(r.out(), "no SQL, user context 0 B"), r.out());
        assertTrue(r.out().contains("us with the configured 0-byte user context"), r.out());
    }

    @Test
    void overhead_userContextConfigured_measuresTheStepsWithoutSqlWithAndWithoutIt() {
        TestDb.Run r = TinyOverhead.run(SCHEMA, 4, 2, "--no-sql", "--set", "appServer.userContextBytes=4096");
        TinyOverhead.assertRanToItsEnd(r);
        assertEquals(1, summaryLines(r.out(), "no SQL, user context 0 B"), r.out());
        assertEquals(1, summaryLines(r.out(), "no SQL, user context 4096 B"), r.out());
        assertTrue(r.out().contains("us with the configured 4096-byte user context"), r.out());
    }

    /** Lines of the summary (not of the rounds) that give {@code variant}'s median. */
    private static long summaryLines(String out, String variant) {
        Pattern median = Pattern.compile("^  " + Pattern.quote(variant) + " +[0-9.]+ us \\(");
        return out.lines().filter(l -> median.matcher(l).find()).count();
    }
}
