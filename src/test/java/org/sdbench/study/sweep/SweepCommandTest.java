package org.sdbench.study.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.check.RunConsistencyAudit;
import org.sdbench.database.load.TestDb;
import org.sdbench.measure.stats.Counterbalance;

/** Short sweeps on a real PostgreSQL: a search that does not bracket the limit, and a resume that keeps its rounds. */
class SweepCommandTest {
    private static final String SCHEMA = "it_sweep";
    private static final Path RESULTS = Path.of("target", "test-results", SCHEMA);

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private static String[] sweep(String... extra) {
        String[] common = {
            "sweep",
            "--db-url",
            TestDb.url(),
            "--set",
            "database.schema=" + SCHEMA,
            "--set",
            "run.resultsDir=" + RESULTS,
            "--set",
            "workload.thinkTime=50ms",
            "--duration",
            "3s",
            "--ramp-up",
            "1s",
            "--set",
            "run.rampDown=0s",
            "--interval",
            "1"
        };
        return Stream.concat(Stream.of(common), Stream.of(extra)).toArray(String[]::new);
    }

    @Test
    void sweep_levelsUnderTheLimitThenResume_recordsRunsResetsDataAndResumesWithoutRerunning() throws Exception {
        // A folder left by an earlier failed build would be the newest sweep the resume below finds.
        deleteTree(RESULTS);
        var r = TestDb.sdbench(sweep("--levels", "2,4", "--limit", "10s"));
        assertEquals(0, r.exit(), r.err() + r.out());
        Path dir;
        try (Stream<Path> s = Files.list(RESULTS)) {
            dir = s.filter(p -> p.getFileName().toString().contains("-sweep-"))
                    .findFirst()
                    .orElseThrow();
        }
        SweepResult result = SweepStore.load(dir);
        assertEquals(
                List.of(SweepRun.WARM_UP, SweepRun.SEARCH, SweepRun.SEARCH),
                result.runs().stream().map(SweepRun::phase).toList());
        assertEquals(
                List.of(2, 4),
                result.levels().stream().map(SweepResult.Level::users).toList());
        assertTrue(result.runs().stream()
                .allMatch(l -> Files.isRegularFile(dir.resolve(l.folder()).resolve("result.json"))));
        assertTrue(Files.readString(dir.resolve(SweepStore.HTML)).contains("Capacity curve"));
        assertTrue(result.stopped().contains("did not bracket"), result.stopped());
        assertTrue(r.out().contains("--- search: 4 users"), r.out());

        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT COUNT(DISTINCT user_no) FROM vbak");
            rs.next();
            assertTrue(rs.getLong(1) <= 4, "documents of the last level only: the reset removed the first level's");
            assertEquals(List.of(), new RunConsistencyAudit().run(db));
        }

        var again = TestDb.sdbench(sweep("--levels", "2,4", "--limit", "10s", "--resume", dir.toString()));
        assertEquals(0, again.exit(), again.err());
        assertEquals(3, SweepStore.load(dir).runs().size(), "resume found nothing left to run");
        assertFalse(again.out().contains("--- "), again.out());

        var otherLimit = TestDb.sdbench(sweep("--levels", "2,4", "--limit", "1s", "--resume", dir.toString()));
        assertEquals(2, otherLimit.exit(), otherLimit.err());
        assertTrue(otherLimit.err().contains("'--limit' = 1.0 s is not allowed with '--resume'"), otherLimit.err());
    }

    @Test
    void sweep_resumeInTheMiddleOfARound_keepsTheRoundsDoneAndFinishesTheRoundInItsOrder() throws Exception {
        Path dir = RESULTS.resolve("resumed");
        deleteTree(dir);
        Files.createDirectories(dir);
        List<Integer> around = List.of(2, 3, 4);
        var design = new Counterbalance(3, 1);
        List<SweepRun> runs = new ArrayList<>();
        for (int u : around) {
            runs.add(Runs.run(SweepRun.SEARCH, 0, 0, u, 100 * u, u));
        }
        for (int round = 1; round <= 2; round++) {
            List<Integer> order = design.order(round, around);
            for (int p = 1; p <= (round == 1 ? 3 : 1); p++) {
                runs.add(Runs.run(SweepRun.ROUND, round, p, order.get(p - 1), 100 * order.get(p - 1), 1));
            }
        }
        var plan = new SweepResult.Plan(SweepPlan.parse("2,3,4").describe(), around, 3, 0.1, 40, null, 1, 4);
        SweepStore.save(dir, SweepResult.of("n", "quick", "then", null, 0.25, 0.05, plan, runs, null, 60));

        // 3 search runs, round 1 and the rest of round 2 make 9: no third round fits.
        var r = TestDb.sdbench(
                sweep("--levels", "2,3,4", "--limit", "250ms", "--resume", dir.toString(), "--max-runs", "9"));
        assertEquals(0, r.exit(), r.err() + r.out());
        SweepResult after = SweepStore.load(dir);
        assertEquals(runs, after.runs().subList(0, runs.size()), "the runs done are kept as they were");
        List<SweepRun> added = after.runs().subList(runs.size(), after.runs().size());
        assertEquals(
                List.of(SweepRun.WARM_UP, SweepRun.ROUND, SweepRun.ROUND),
                added.stream().map(SweepRun::phase).toList());
        assertEquals(
                design.order(2, around).subList(1, 3),
                added.subList(1, 3).stream().map(SweepRun::users).toList(),
                "round 2 goes on at its second position, in the design's order");
        assertEquals(
                List.of(2, 2), added.subList(1, 3).stream().map(SweepRun::round).toList());
        assertEquals(
                List.of(2, 3),
                added.subList(1, 3).stream().map(SweepRun::position).toList());
        assertTrue(after.stopped().contains("--max-runs 9"), after.stopped());
        assertEquals(
                2, after.rounds().stream().filter(SweepResult.Round::complete).count());
        assertTrue(r.out().contains("--- round 2, 2 of 3:"), r.out());
        assertTrue(r.out().contains(" left) ---"), "progress estimates the time left: " + r.out());

        // The fabricated sessions already spent a minute: a one-minute budget starts no round.
        var budget = TestDb.sdbench(
                sweep("--levels", "2,3,4", "--limit", "250ms", "--resume", dir.toString(), "--budget", "1m"));
        assertEquals(0, budget.exit(), budget.err() + budget.out());
        assertEquals(after.runs(), SweepStore.load(dir).runs());
        assertTrue(
                SweepStore.load(dir).stopped().startsWith("--budget 1 min would be passed"),
                SweepStore.load(dir).stopped());
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
