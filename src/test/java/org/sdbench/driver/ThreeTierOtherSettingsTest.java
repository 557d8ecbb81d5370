package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * Central services and two app servers started by hand with their defaults (10 users, the standard
 * workload), then a run of 20 users with the quick workload pointed at them: the app servers take
 * the run's settings at its start and serve every user (before, users 11-20 failed every loop at
 * VA01/initial as app-server-lost).
 */
class ThreeTierOtherSettingsTest {
    private static final String SCHEMA = "it_threetier_settings";
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
    void run_appServersStartedWithOtherUsersAndWorkload_takeTheRunsSettingsAndServeEveryUser() throws Exception {
        TestDb.Run load = TestDb.sdbench(
                Args.load().threeTier().quick().users(20).db(SCHEMA).build());
        assertEquals(0, load.exit(), load.out() + load.err());
        // By hand, with their defaults: no config file, no workload, 10 users.
        int central = processes.start(Args.central().db(SCHEMA).build());
        String at = "127.0.0.1:" + central;
        processes.start(Args.appserver(at, 1).db(SCHEMA).build());
        processes.start(Args.appserver(at, 2).db(SCHEMA).build());

        TestDb.Run r = TestDb.sdbench(Args.run()
                .threeTier()
                .quick()
                .users(20)
                .set("appServer.central", at)
                .rampUp("2s")
                .duration("12s")
                .rampDown("1s")
                .set("run.resultsDir", "target/test-results/three-tier-settings")
                .interval(2)
                .db(SCHEMA)
                .build());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertFalse(r.out().contains("app-server-lost"), r.out());
        Path folder = Path.of(r.out()
                .lines()
                .filter(l -> l.startsWith("results: "))
                .findFirst()
                .orElseThrow()
                .substring(9)
                .trim());
        JsonNode result =
                new ObjectMapper().readTree(folder.resolve("result.json").toFile());
        int serving = 0;
        for (JsonNode i : result.at("/threeTier/instances")) {
            serving += i.path("steps").asLong() > 0 ? 1 : 0;
        }
        assertEquals(2, serving, "both instances served steps: " + result.at("/threeTier"));
        assertTrue(
                processes.output().stream()
                                .filter(l -> l.contains("took the run's settings") && l.contains("run.users 10 -> 20"))
                                .count()
                        == 2,
                String.join("\n", processes.output()));
    }
}
