package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.database.load.TestDb;

/**
 * The "done when", measured side by side: one three-tier run against processes started
 * here (appServer.central), app server 1 with 1 ms between it and the DB, app server 2 without. Both
 * serve the same users' loop at the same moments, so the host's other load weighs on both alike, and
 * app server 1's dialog DB time per step exceeds app server 2's by about (DB round trips per step x 1 ms).
 */
class ThreeTierSideBySideDelayTest {
    private static final String SCHEMA = "it_threetier_side";
    private static final HandStartedProcesses processes = new HandStartedProcesses();

    @BeforeAll
    static void dropLeftovers() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @AfterAll
    static void cleanUp() throws Exception {
        processes.stopAll();
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_oneAppServerOneMsFartherFromTheDb_itsDialogDbTimePerStepIsHigherByRoundTripsTimesOneMs() throws Exception {
        // Loaded for the run's 6 users only.
        TestDb.Run load =
                TestDb.sdbench(Args.load().threeTier().db(SCHEMA).users(6).build());
        assertEquals(0, load.exit(), load.out() + load.err());
        int central = processes.start(
                Args.of("central").threeTier().db(SCHEMA).option("--port", "0").build());
        String at = "127.0.0.1:" + central;
        processes.start(Args.of("appserver")
                .threeTier()
                .db(SCHEMA)
                .option("--central", at)
                .option("--instance", "1")
                .option("--port", "0")
                .set("network.appToDb.delay", "1ms")
                .build());
        processes.start(Args.of("appserver")
                .threeTier()
                .db(SCHEMA)
                .option("--central", at)
                .option("--instance", "2")
                .option("--port", "0")
                .build());

        TestDb.Run r = TestDb.sdbench(Args.run()
                .flag("--accept-errors")
                .threeTier()
                .db(SCHEMA)
                .set("appServer.central", at)
                .users(6)
                .rampUp("2s")
                .duration("30s")
                .rampDown("1s")
                .set("workload.thinkTime", "50ms")
                .set("run.resultsDir", "target/test-results/three-tier-side")
                .interval(2)
                .build());
        assertEquals(0, r.exit(), r.out() + r.err());
        Path folder = r.folder();
        var mapper = new ObjectMapper();
        JsonNode result = mapper.readTree(folder.resolve("result.json").toFile());
        JsonNode env = mapper.readTree(folder.resolve("environment.json").toFile());

        for (JsonNode h : env.path("hops")) {
            if (h.path("from").asText().equals("appserver-1")
                    && h.path("to").asText().equals("db")) {
                assertTrue(h.path("minMs").asDouble() >= 1.0, "app server 1 reaches the DB through the relay: " + h);
            }
        }
        JsonNode far = null;
        JsonNode near = null;
        for (JsonNode i : result.at("/threeTier/instances")) {
            if (i.path("number").asInt() == 1) {
                far = i;
            } else if (i.path("number").asInt() == 2) {
                near = i;
            }
        }
        assertTrue(far != null && near != null, "both instances served steps: " + result.at("/threeTier"));
        double rise =
                far.path("dbMsPerStep").asDouble() - near.path("dbMsPerStep").asDouble();
        double calls = far.path("dbCallsPerStep").asDouble();
        System.out.printf(
                "side by side, one run: dialog DB time per step %.3f ms (instance 2, direct) vs %.3f ms "
                        + "(instance 1, +1 ms per round trip): +%.3f ms at %.2f DB calls per step, %.3f ms per call%n",
                near.path("dbMsPerStep").asDouble(), far.path("dbMsPerStep").asDouble(), rise, calls, rise / calls);
        assertTrue(calls > 1, "steps make DB calls: " + calls);
        // Never less than the delay per call (commits are round trips the call count does not see, a busy host
        // adds thread wake-ups: the upper bound is loose).
        assertTrue(rise >= 0.9 * calls, "rise " + rise + " ms for " + calls + " calls per step");
        assertTrue(rise <= 6 * calls, "rise " + rise + " ms for " + calls + " calls per step");
    }
}
