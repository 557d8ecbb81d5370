package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.database.load.TestDb;

/** {@code bench overhead} at a tiny size on a test schema: one round, a warm-up of half a second. */
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
                "500ms"));
        args.addAll(List.of(extra));
        return TestDb.sdbench(args.toArray(String[]::new));
    }

    /** The targets are timing figures on a shared host: met or not, the bench ran to its end. */
    static void assertRanToItsEnd(TestDb.Run r) {
        assertTrue(
                r.exit() == ExitCode.OK || r.exit() == ExitCode.FAILED_CHECK,
                "exit " + r.exit() + "\n" + r.err() + r.out());
    }

    /**
     * The per-statement target against the floor with server work, for {@code who}'s CPU: the ratio
     * printed is the one of the two figures the line names, and the verdict follows from it.
     */
    static void assertFloorRatioJudged(String out, String who) {
        Matcher m = Pattern.compile("target: " + Pattern.quote(who) + " per SQL statement <= 1\\.5x the floor with "
                        + "server work -> ([0-9.]+)x \\(([0-9.]+) / ([0-9.]+) us; .*\\): (MET|NOT MET)")
                .matcher(out);
        assertTrue(m.find(), out);
        double ratio = Double.parseDouble(m.group(1));
        double perStatement = Double.parseDouble(m.group(2));
        double floor = Double.parseDouble(m.group(3));
        assertTrue(floor > 0 && perStatement > 0, m.group());
        assertEquals(perStatement / floor, ratio, 0.06 * ratio + 0.05, "the ratio is of the two figures it names");
        assertEquals(ratio <= 1.5 ? "MET" : "NOT MET", m.group(4), m.group());
    }
}
