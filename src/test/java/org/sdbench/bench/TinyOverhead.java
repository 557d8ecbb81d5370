package org.sdbench.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.load.TestDb;
import org.sdbench.process.ExitCode;

/** {@code bench overhead} at a tiny size on a test schema: one round, a warm-up of one second. */
final class TinyOverhead {
    private TinyOverhead() {}

    /** Runs it with {@code users} users and a window of {@code windowSeconds}, plus {@code extra} options. */
    static TestDb.Run run(String schema, int users, int windowSeconds, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "bench",
                "overhead",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + schema,
                "--users",
                Integer.toString(users),
                "--rounds",
                "1",
                "--window",
                windowSeconds + "s",
                "--warm-up",
                "1s"));
        args.addAll(List.of(extra));
        return TestDb.sdbench(args.toArray(String[]::new));
    }

    /** The targets are timing figures on a shared host: met or not, the bench ran to its end. */
    static void assertRanToItsEnd(TestDb.Run r) {
        assertTrue(
                r.exit() == ExitCode.OK || r.exit() == ExitCode.FAILED_CHECK,
                "exit " + r.exit() + "\n" + r.err() + r.out());
    }
}
