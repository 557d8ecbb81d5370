package org.sdbench.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.load.TestDb;

/**
 * The "done when" in three-tier: 1 ms between the app servers (their own processes) and the
 * DB shows in the dialog DB time per step as about (DB round trips per step x 1 ms). The delayed run
 * shapes every other hop too (driver to app servers, driver's logon to the message server, app
 * servers to the central services): each hop's probe before the run shows the delay, and the report
 * says the run used emulation.
 */
class ThreeTierDelayRunTest {
    private static final String SCHEMA = "it_net_delay_3t";

    private static Run base;

    /**
     * A first run loads the data and warms the caches (a freshly loaded schema made the first run's DB time
     * several times the second's); then the base run, without any relay.
     */
    @BeforeAll
    static void baseRun() throws IOException {
        run("3s");
        base = run("10s");
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private record Run(JsonNode result, JsonNode environment, String out) {
    }

    private static Run run(String duration, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", "-c", "config/three-tier.yaml", "--db-url", TestDb.url(), "--set",
                "database.schema=" + SCHEMA, "--users", "4", "--ramp-up", "1s", "--duration", duration, "--ramp-down", "1s",
                "--set", "workload.thinkTime=50ms", "--set", "run.resultsDir=target/test-results/three-tier-delay",
                "--interval", "2"));
        args.addAll(List.of(extra));
        TestDb.Run r = TestDb.sdbench(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err() + r.out());
        Path folder = Path.of(r.out().lines().filter(l -> l.startsWith("results: ")).findFirst().orElseThrow().substring(9).trim());
        var mapper = new ObjectMapper();
        return new Run(mapper.readTree(folder.resolve("result.json").toFile()),
                mapper.readTree(folder.resolve("environment.json").toFile()), r.out());
    }

    @Test
    void run_oneMsOnEveryHop_dialogDbTimeRisesByRoundTripsTimesOneMsAndEveryHopIsShaped() throws IOException {
        Run delayed = run("10s", "--set", "network.appToDb.delay=1ms", "--set", "network.driverToApp.delay=1ms",
                "--set", "network.appToCentral.delay=1ms");

        assertEquals(0, base.result().path("network").path("emulated").size(), "no emulation in the base run");
        Set<String> hops = new HashSet<>();
        delayed.result().path("network").path("emulated").forEach(h -> hops.add(h.path("hop").asText()));
        assertEquals(Set.of("driverToApp", "appToCentral", "appToDb"), hops, delayed.result().path("network").toString());
        assertTrue(delayed.out().contains("network       EMULATED appToDb"), "the summary says the run used emulation");
        // Every hop's probe, timed before the run: driver -> central (logon look-ups), driver -> each app
        // server, each app server -> central and -> DB. None can beat the relay's 1 ms; without it all are faster.
        for (JsonNode h : delayed.environment().path("hops")) {
            assertTrue(h.path("minMs").asDouble() >= 1.0, "hop shaped: " + h);
        }
        assertEquals(7, delayed.environment().path("hops").size(), "central + 2 x (app server, its central, its DB)");

        double dbBase = base.result().at("/summary/overall/avg/dbMs").asDouble();
        double dbDelayed = delayed.result().at("/summary/overall/avg/dbMs").asDouble();
        double roundTrips = delayed.result().at("/summary/overall/dbCallsPerStep").asDouble();
        double rise = dbDelayed - dbBase;
        System.out.printf("three-tier dialog DB time per step: %.3f ms -> %.3f ms (+%.3f ms); %.2f DB calls per step; "
                + "rise per call %.3f ms%n", dbBase, dbDelayed, rise, roundTrips, rise / roundTrips);
        assertTrue(roundTrips > 1, "steps make DB calls: " + roundTrips);
        // As in the two-tier DbDelayRunTest: never less than the delay per call; the upper bound is loose
        // because commits are round trips the call count does not see and a busy host adds wake-up latency.
        assertTrue(rise >= 0.9 * roundTrips, "rise " + rise + " ms for " + roundTrips + " calls per step");
        assertTrue(rise <= 6 * roundTrips, "rise " + rise + " ms for " + roundTrips + " calls per step");
    }

    @Test
    void run_threeTier_reportsUpdateWorkAndEveryProcessWithHostPidVersion() {
        JsonNode work = base.result().path("work");
        assertTrue(work.path("updateV1WorkCpuMs").isNumber() && work.path("updateV1WorkCpuMs").asDouble() > 0,
                "the app servers' update work reaches the report: " + work);
        Set<String> roles = new HashSet<>();
        for (JsonNode p : base.result().at("/threeTier/processes")) {
            roles.add(p.path("role").asText());
            assertTrue(!p.path("host").asText().isEmpty() && p.path("pid").asLong() > 0
                    && !p.path("version").asText().isEmpty(), "host, pid and version: " + p);
        }
        assertEquals(Set.of("driver", "appserver-1", "appserver-2", "central"), roles);
        JsonNode cpu = base.result().at("/threeTier/cpu");
        assertTrue(cpu.path("appServers").isNumber() && cpu.path("central").isNumber(), "CPU per tier: " + cpu);
    }
}
