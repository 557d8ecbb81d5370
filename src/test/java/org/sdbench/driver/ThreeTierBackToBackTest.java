package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.database.load.TestDb;

/**
 * Runs back to back on one hand-started central services and app server, as an experiment's or a
 * sweep's: the second starts the moment the first returned, while its driver's close has not
 * reached the central services (a relay holds it back). The first run ends itself there before its
 * driver closes, so the second is admitted: both exit 0.
 */
class ThreeTierBackToBackTest {
    private static final String SCHEMA = "it_threetier_backtoback";
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

    private static String[] run(int centralPort) {
        return new String[] {
            "run",
            "-c",
            "config/three-tier.yaml",
            "-w",
            "workloads/sd-quick.yaml",
            "--db-url",
            TestDb.url(),
            "--set",
            "database.schema=" + SCHEMA,
            "--users",
            "2",
            "--set",
            "appServer.instances=1",
            "--set",
            "appServer.central=127.0.0.1:" + centralPort,
            "--ramp-up",
            "1s",
            "--duration",
            "3s",
            "--ramp-down",
            "1s",
            "--set",
            "run.resultsDir=target/test-results/three-tier-back-to-back",
            // A window of 2 users for 3 s on a shared host: Little's law is noise, the exit code is the point.
            "--accept-errors"
        };
    }

    /** Whether a line of {@code who} with {@code text} comes within 30 s: the output is read as it comes. */
    private static boolean awaitOutput(String who, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (processes.output().stream().anyMatch(l -> l.startsWith(who) && l.contains(text))) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    @Test
    void run_nextRunStartsRightAfterThePreviousEnded_bothAdmittedAndExit0() throws Exception {
        TestDb.Run load = TestDb.sdbench(
                Args.load().threeTier().quick().users(2).db(SCHEMA).build());
        assertEquals(0, load.exit(), load.out() + load.err());
        int port = processes.start(Args.central().db(SCHEMA).build());
        processes.start(Args.appserver("127.0.0.1:" + port, 1).db(SCHEMA).build());

        try (LateCloseRelay relay = new LateCloseRelay(port)) {
            TestDb.Run first = TestDb.sdbench(run(relay.port()));
            TestDb.Run second = TestDb.sdbench(run(relay.port()));
            String all = String.join("\n", processes.output());
            assertEquals(0, first.exit(), first.out() + first.err() + all);
            assertEquals(0, second.exit(), second.out() + second.err() + all);
            for (TestDb.Run r : List.of(first, second)) {
                String name = r.folder().getFileName().toString();
                assertTrue(
                        awaitOutput("[central] ", "served run '" + name + "'"),
                        "the central services ended " + name + " on its driver's word:\n" + all);
            }
        }
    }
}
