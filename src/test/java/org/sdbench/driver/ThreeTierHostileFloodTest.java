package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.Json;

/**
 * Central services started by hand, then 80 idle TCP connections against them from another
 * address that never speak and are reopened whenever the server closes them (an unauthenticated
 * host trying to crowd out the real ones). Two app servers then register and a three-tier run is pointed at them: every
 * real peer gets in, the run starts and ends normally and both instances serve steps.
 */
class ThreeTierHostileFloodTest {
    private static final String SCHEMA = "it_threetier_flood";
    private static final int IDLE_CONNECTIONS = 80;
    private static final String ATTACKER = "127.0.0.2";
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
    void run_eightyIdleReopeningConnectionsAtCentral_startsAndFinishesNormally() throws Exception {
        TestDb.Run load = TestDb.sdbench(
                Args.load().threeTier().quick().users(6).db(SCHEMA).build());
        assertEquals(0, load.exit(), load.out() + load.err());
        int central = processes.start(Args.central().db(SCHEMA).build());
        String at = "127.0.0.1:" + central;
        try (Flood flood = new Flood(central)) {
            flood.awaitOpened(IDLE_CONNECTIONS);
            processes.start(Args.appserver(at, 1).db(SCHEMA).build());
            processes.start(Args.appserver(at, 2).db(SCHEMA).build());
            TestDb.Run r = TestDb.sdbench(Args.run()
                    .threeTier()
                    .quick()
                    .users(6)
                    .set("appServer.central", at)
                    .rampUp("2s")
                    .duration("10s")
                    .rampDown("1s")
                    .set("run.resultsDir", "target/test-results/three-tier-flood")
                    .interval(2)
                    .db(SCHEMA)
                    // 6 users for 10 s on a shared host: Little's law is noise; failed steps are checked below.
                    .flag("--accept-errors")
                    .build());
            assertEquals(0, r.exit(), r.out() + r.err() + String.join("\n", processes.output()));
            assertFalse(r.out().contains("app-server-lost"), r.out());
            assertTrue(flood.reopened() > 0, "the server shed idle connections and the flood reopened them");
            Path folder = r.folder();
            JsonNode result = Json.MAPPER.readTree(folder.resolve("result.json").toFile());
            int serving = 0;
            for (JsonNode i : result.at("/threeTier/instances")) {
                serving += i.path("steps").asLong() > 0 ? 1 : 0;
            }
            assertEquals(2, serving, "both instances served steps: " + result.at("/threeTier"));
            assertEquals(0, result.at("/summary/errorsByKind").size(), "no failed step: " + result.at("/summary"));
        }
    }

    /** Idle connections that say nothing; each is opened again as soon as the server closes it. */
    private static final class Flood implements AutoCloseable {
        private final AtomicBoolean stop = new AtomicBoolean();
        private final AtomicLong opened = new AtomicLong();
        private final Set<Socket> open = ConcurrentHashMap.newKeySet();

        Flood(int port) {
            for (int i = 0; i < IDLE_CONNECTIONS; i++) {
                Thread.ofVirtual().start(() -> hold(port));
            }
        }

        private void hold(int port) {
            while (!stop.get()) {
                try (Socket s = new Socket()) {
                    // Another host's address (all of 127/8 is loopback): the attacker is one source, the real peers
                    // another.
                    s.bind(new InetSocketAddress(ATTACKER, 0));
                    s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                    open.add(s);
                    opened.incrementAndGet();
                    // Blocks until the server closes the connection (or close() below does).
                    while (s.getInputStream().read() >= 0) {
                        // whatever the server says is ignored
                    }
                } catch (IOException e) {
                    // refused or reset: try again, as an attacker would
                } finally {
                    open.removeIf(Socket::isClosed);
                }
            }
        }

        void awaitOpened(int n) throws InterruptedException {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (opened.get() < n && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(opened.get() >= n, "opened " + opened.get() + " idle connections");
        }

        long reopened() {
            return opened.get() - IDLE_CONNECTIONS;
        }

        @Override
        public void close() throws IOException {
            stop.set(true);
            for (Socket s : open) {
                s.close();
            }
            // The threads end once their socket is closed; virtual threads do not keep the JVM alive.
        }
    }
}
