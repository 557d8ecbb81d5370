package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.capture.StatementCapture;

class PgbenchScriptTest {
    private static final Map<String, StatementCapture.Prepared> PREPARES = Map.of(
            "s1",
                    new StatementCapture.Prepared(
                            "PREPARE s1(varchar) AS SELECT 1 FROM t WHERE k = $1;", "EXPLAIN EXECUTE s1('k0');"),
            "s2", new StatementCapture.Prepared("PREPARE s2(int8) AS UPDATE t SET n = $1;", "EXPLAIN EXECUTE s2('0');"),
            "s3", new StatementCapture.Prepared("PREPARE s3 AS SELECT 3;", "EXPLAIN EXECUTE s3;"));

    /** A capture file of {@code transactions} transactions of two round trips and a COMMIT each. */
    private static Path capture(Path dir, String name, int transactions) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < transactions; i++) {
            lines.add("BEGIN \\; EXECUTE s1('k" + i + "')");
            lines.add("EXECUTE s2('" + i + "') \\; EXECUTE s1('EXECUTE s3')");
            lines.add("COMMIT;");
        }
        return Files.write(dir.resolve(name), lines);
    }

    @Test
    void write_partsWithinBounds_eachPartPreparesAndPlansWhatItExecutesBeforeTheGate(@TempDir Path dir)
            throws Exception {
        Path a = capture(dir, "a.sql", 4);
        List<PgbenchScript.Chain> chains =
                PgbenchScript.write(List.of(a), PREPARES, dir, 7, "test", new PgbenchScript.Bounds(6, 1 << 20), 10);
        assertEquals(2, chains.get(0).scripts().size());
        String first = Files.readString(chains.get(0).scripts().get(0));
        // s3 appears only inside a parameter: not a statement of the part.
        assertEquals(
                List.of(
                        "PREPARE s1(varchar) AS SELECT 1 FROM t WHERE k = $1;",
                        "PREPARE s2(int8) AS UPDATE t SET n = $1;"),
                first.lines().filter(l -> l.startsWith("PREPARE ")).toList());
        assertEquals(
                List.of("EXPLAIN EXECUTE s1('k0');", "EXPLAIN EXECUTE s2('0');"),
                first.lines().filter(l -> l.startsWith("EXPLAIN ")).toList());
        assertTrue(first.indexOf("EXPLAIN EXECUTE s2") < first.indexOf("pg_advisory_xact_lock_shared(7, 0)"), first);
        // Two transactions per part: s1 4 times, s2 twice.
        assertEquals(4, chains.get(0).prepares());
        assertEquals(12, chains.get(0).executions());
    }

    @Test
    void write_morePartsThanConnections_chunksGrowUntilTheyFit(@TempDir Path dir) throws Exception {
        List<Path> captures = List.of(capture(dir, "a.sql", 40), capture(dir, "b.sql", 40));
        List<PgbenchScript.Chain> roomy =
                PgbenchScript.write(captures, PREPARES, dir, 7, "test", new PgbenchScript.Bounds(3, 1 << 20), 100);
        assertEquals(80, roomy.stream().mapToInt(c -> c.scripts().size()).sum());
        List<PgbenchScript.Chain> tight =
                PgbenchScript.write(captures, PREPARES, dir, 7, "test", new PgbenchScript.Bounds(3, 1 << 20), 9);
        int parts = tight.stream().mapToInt(c -> c.scripts().size()).sum();
        assertTrue(parts <= 9 && parts >= 6, "parts " + parts);
        long lines = 0;
        for (PgbenchScript.Chain c : tight) {
            for (Path p : c.scripts()) {
                lines += Files.readAllLines(p).stream()
                        .filter(l -> l.startsWith("BEGIN") || l.startsWith("EXECUTE") || l.equals("COMMIT;"))
                        .count();
            }
        }
        assertEquals(240, lines);
    }

    @Test
    void write_fewerConnectionsThanRecorded_refused(@TempDir Path dir) throws Exception {
        List<Path> captures = List.of(capture(dir, "a.sql", 1), capture(dir, "b.sql", 1));
        assertThrows(
                EnvironmentException.class,
                () -> PgbenchScript.write(captures, PREPARES, dir, 7, "test", PgbenchScript.BOUNDS, 1));
    }

    @Test
    void fold_orderLinesBesideCommands_rideOnThemAndOnlyLoneOnesStayCommands() {
        List<String> folded = PgbenchScript.fold(List.of(
                "SELECT pg_advisory_unlock(-5);",
                "SELECT pg_advisory_xact_lock_shared(1);",
                "SELECT pg_advisory_xact_lock_shared(2);",
                "BEGIN \\; EXECUTE s1('k');",
                "COMMIT;",
                "SELECT pg_advisory_unlock(3);",
                "SELECT pg_advisory_unlock(4);",
                "SELECT pg_advisory_xact_lock_shared(5);"));
        assertEquals(
                List.of(
                        "SELECT pg_advisory_unlock(-5);",
                        "SELECT pg_advisory_xact_lock_shared(1) \\; SELECT pg_advisory_xact_lock_shared(2) \\; BEGIN \\; EXECUTE s1('k');",
                        "COMMIT \\; SELECT pg_advisory_unlock(3) \\; SELECT pg_advisory_unlock(4);",
                        "SELECT pg_advisory_xact_lock_shared(5);"),
                folded);
    }
}
