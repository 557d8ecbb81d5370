package org.sdbench.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;

/**
 * The "done when": 1 ms between the app tier and the DB shows in the dialog DB time per step as
 * about (DB round trips per step x 1 ms). Two short runs on the same data, one through the relay.
 */
class DbDelayRunTest {
    private static final String SCHEMA = "it_net_delay";

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private static JsonNode run(String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--accept-errors",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "4",
                "--ramp-up",
                "1s",
                "--duration",
                "8s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=50ms",
                "--set",
                "run.resultsDir=target/test-results",
                "--interval",
                "2"));
        args.addAll(List.of(extra));
        TestDb.Run r = TestDb.sdbench(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err() + r.out());
        String folder = r.out()
                .lines()
                .filter(l -> l.startsWith("results: "))
                .findFirst()
                .orElseThrow()
                .substring(9)
                .trim();
        JsonNode result =
                new ObjectMapper().readTree(Path.of(folder, "result.json").toFile());
        System.out.println(r.out()
                .lines()
                .filter(l -> l.startsWith("network") || l.startsWith("db round trip"))
                .reduce("", (a, b) -> a + b + "\n"));
        return result;
    }

    @Test
    void run_oneMsAppToDbDelay_dialogDbTimeRisesByRoundTripsTimesOneMs() throws IOException {
        JsonNode base = run();
        JsonNode delayed = run("--set", "network.appToDb.delay=1ms");

        assertEquals(0, base.path("network").path("emulated").size(), "no emulation in the base run");
        JsonNode hop = delayed.path("network").path("emulated").path(0);
        assertEquals("appToDb", hop.path("hop").asText());
        assertEquals(1.0, hop.path("delayMs").asDouble(), 1e-9);
        assertTrue(
                delayed.path("network").path("dbRoundTrip").path("minMs").asDouble() >= 1.0,
                "the pre-run DB round trip goes through the relay: " + delayed.path("network"));

        double dbBase = base.at("/summary/overall/avg/dbMs").asDouble();
        double dbDelayed = delayed.at("/summary/overall/avg/dbMs").asDouble();
        double roundTrips = delayed.at("/summary/overall/dbCallsPerStep").asDouble();
        double rise = dbDelayed - dbBase;
        System.out.printf(
                "dialog DB time per step: %.3f ms -> %.3f ms (+%.3f ms); %.2f DB calls per step; "
                        + "rise per call %.3f ms%n",
                dbBase, dbDelayed, rise, roundTrips, rise / roundTrips);
        assertTrue(roundTrips > 1, "steps make DB calls: " + roundTrips);
        // Never less than the delay per call (a relay cannot be faster than its delay). The upper bound is
        // loose on purpose: commits are round trips the call count does not see, and on a busy 2-core host
        // thread wake-ups add up to a few ms per round trip (measured: 1.8 and 2.6 ms per counted call).
        assertTrue(rise >= 0.9 * roundTrips, "rise " + rise + " ms for " + roundTrips + " calls per step");
        assertTrue(rise <= 6 * roundTrips, "rise " + rise + " ms for " + roundTrips + " calls per step");
    }
}
