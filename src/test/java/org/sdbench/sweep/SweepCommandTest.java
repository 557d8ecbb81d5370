package org.sdbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.check.RunConsistencyAudit;
import org.sdbench.db.Database;
import org.sdbench.load.TestDb;

/** Two short fixed levels on a real PostgreSQL, then a resume that has nothing left to do. */
class SweepCommandTest {
    private static final String SCHEMA = "it_sweep";

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void sweep_twoLevelsThenResume_recordsLevelsResetsDataAndResumesWithoutRerunning() throws Exception {
        Path results = Path.of("target", "test-results", SCHEMA);
        // A folder left by an earlier failed build would be the newest sweep the resume below finds.
        deleteTree(results);
        String[] common = {
            "--db-url",
            TestDb.url(),
            "--set",
            "database.schema=" + SCHEMA,
            "--set",
            "run.resultsDir=" + results,
            "--set",
            "workload.thinkTime=50ms",
            "--duration",
            "4s",
            "--ramp-up",
            "1s",
            "--set",
            "run.rampDown=1s",
            "--interval",
            "2"
        };
        var r = TestDb.sdbench(concat(new String[] {"sweep", "--levels", "2,4"}, common));
        assertEquals(0, r.exit(), r.err() + r.out());
        Path dir;
        try (Stream<Path> s = Files.list(results)) {
            dir = s.filter(p -> p.getFileName().toString().contains("-sweep-"))
                    .findFirst()
                    .orElseThrow();
        }
        SweepResult result = SweepStore.load(dir);
        assertEquals(2, result.levels().size());
        assertEquals(2, result.levels().get(0).users());
        assertEquals(4, result.levels().get(1).users());
        assertTrue(result.levels().stream()
                .allMatch(l -> Files.isRegularFile(dir.resolve(l.folder()).resolve("result.json"))));
        assertTrue(Files.readString(dir.resolve("sweep.html")).contains("Capacity curve"));
        assertTrue(r.out().contains("users"), r.out());

        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT COUNT(DISTINCT user_no) FROM vbak");
            rs.next();
            assertTrue(rs.getLong(1) <= 4, "documents of the last level only: the reset removed the first level's");
            assertEquals(List.of(), new RunConsistencyAudit().run(db));
        }

        var again =
                TestDb.sdbench(concat(new String[] {"sweep", "--levels", "2,4", "--resume", dir.toString()}, common));
        assertEquals(0, again.exit(), again.err());
        assertEquals(2, SweepStore.load(dir).levels().size(), "resume found nothing left to run");
        assertTrue(!again.out().contains("--- level"), again.out());
    }

    private static String[] concat(String[] a, String[] b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
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
