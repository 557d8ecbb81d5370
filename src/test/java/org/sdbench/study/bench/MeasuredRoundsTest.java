package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MeasuredRoundsTest {
    /** A seed whose design runs the first variant first in round 1 and second in round 2. */
    private static final long SEED = 1;

    @Test
    void stillCompiling_twoTierSqlRoundAboveSettled_true() {
        assertTrue(MeasuredRounds.stillCompiling(false, true, 0.294));
    }

    @Test
    void stillCompiling_twoTierSqlRoundAtSettled_false() {
        assertFalse(MeasuredRounds.stillCompiling(false, true, JitWarmUp.SETTLED));
    }

    @Test
    void stillCompiling_roundWithoutSql_false() {
        assertFalse(MeasuredRounds.stillCompiling(false, false, 0.5));
    }

    @Test
    void stillCompiling_threeTier_false() {
        assertFalse(MeasuredRounds.stillCompiling(true, true, 0.5));
    }

    @Test
    void judged_twoTierWithSql_true() {
        assertTrue(MeasuredRounds.judged(false, true));
    }

    @Test
    void judged_withoutSqlOrThreeTier_false() {
        assertFalse(MeasuredRounds.judged(false, false));
        assertFalse(MeasuredRounds.judged(true, true));
    }

    @Test
    void run_sqlRoundStillCompiling_setAsideAndRunAgainUntilSettled() throws InterruptedException {
        // Rounds by number (BenchResult.runSteps) and the JIT's share in each.
        Rounds rounds = new Rounds(Map.of("sql", List.of(1L, 2L, 3L, 4L), "no-sql", List.of(11L, 12L)));
        Fixture f = new Fixture(false, Map.of(1L, 0.294, 2L, 0.062, 3L, 0.01, 4L, 0.0, 11L, 0.5, 12L, 0.5));
        f.rounds.run(2, List.of(f.sql, f.noSql), SEED, rounds::next);

        assertEquals(List.of(3L, 4L), numbers(f.sql));
        // Without SQL a compile is a large share of a few microseconds: never set aside.
        assertEquals(List.of(11L, 12L), numbers(f.noSql));
        assertEquals(
                List.of("1 sql 1 set aside", "1 sql 2 set aside", "1 sql 3", "1 no-sql 11", "2 no-sql 12", "2 sql 4"),
                f.lines);
    }

    @Test
    void run_sqlRoundCompilingEveryTime_lastRepeatCounts() throws InterruptedException {
        Rounds rounds = new Rounds(Map.of("sql", List.of(1L, 2L, 3L, 4L)));
        Fixture f = new Fixture(false, Map.of(1L, 0.2, 2L, 0.2, 3L, 0.2, 4L, 0.2));
        f.rounds.run(1, List.of(f.sql), SEED, rounds::next);

        assertEquals(1 + MeasuredRounds.MAX_REPEATS, f.lines.size(), f.lines.toString());
        assertEquals(List.of(1L + MeasuredRounds.MAX_REPEATS), numbers(f.sql));
    }

    @Test
    void run_threeTier_everyRoundCounts() throws InterruptedException {
        Rounds rounds = new Rounds(Map.of("sql", List.of(1L, 2L)));
        Fixture f = new Fixture(true, Map.of(1L, 0.5, 2L, 0.5));
        f.rounds.run(2, List.of(f.sql), SEED, rounds::next);

        assertEquals(List.of(1L, 2L), numbers(f.sql));
        assertEquals(List.of("1 sql 1", "2 sql 2"), f.lines);
    }

    private static List<Long> numbers(MeasuredConfig v) {
        return v.results.stream().map(BenchResult::runSteps).toList();
    }

    /**
     * Two variants without run specs (the one with SQL told by identity), the JIT's share of each
     * round by its number, and the loop's lines collected.
     */
    private static final class Fixture {
        final MeasuredConfig sql = new MeasuredConfig("sql", null);
        final MeasuredConfig noSql = new MeasuredConfig("no-sql", null);
        final List<String> lines = new ArrayList<>();
        final MeasuredRounds rounds;

        Fixture(boolean threeTier, Map<Long, Double> shares) {
            rounds = new MeasuredRounds(
                    threeTier,
                    v -> v == sql,
                    r -> shares.getOrDefault(r.runSteps(), 0.0),
                    (round, v, res, verdict) -> lines.add(
                            round + " " + v.name + " " + res.runSteps() + (verdict.isEmpty() ? "" : " set aside")));
        }
    }

    /** Each variant's rounds in order; a round is a result numbered by its runSteps. */
    private static final class Rounds {
        private final Map<String, Deque<Long>> next = new HashMap<>();

        Rounds(Map<String, List<Long>> byVariant) {
            byVariant.forEach((k, v) -> next.put(k, new ArrayDeque<>(v)));
        }

        BenchResult next(MeasuredConfig v) {
            long n = next.get(v.name).removeFirst();
            return new BenchResult(null, null, null, 0, 0, 0, 0, n, -1, -1);
        }
    }
}
