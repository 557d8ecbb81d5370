package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.config.HostAndPort;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.report.Json;

/**
 * Central services started by hand in a 64 MiB heap, then 400 authenticated connections over 25
 * roles (16 each, the most a role may hold), each sending the largest frame a peer may send: 1.6
 * GB at once, 25 times the heap. Without one memory budget for all connections the central
 * services run out of memory, and die or keep listening without finishing a handshake; with it they
 * stay up, two app servers register with them while the attackers stay connected, and a three-tier
 * run pointed at them ends without a failed step.
 */
class ThreeTierMemoryFloodTest {
    private static final String SCHEMA = "it_threetier_memory";
    private static final int ROLES = 25;
    private static final int PER_ROLE = 16;
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
    void run_fourHundredMaximalFramesAtASmallHeapCentral_centralSurvivesAndServesTheRun() throws Exception {
        Path tokenFile = Path.of("target", "memory-flood-token");
        Files.deleteIfExists(tokenFile);
        Files.createFile(tokenFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tokenFile, "memory-flood-secret-" + Long.toHexString(System.nanoTime()));
        Token token = Token.read(tokenFile);
        String tokenAt = tokenFile.toAbsolutePath().toString();
        TestDb.Run load = TestDb.sdbench(Args.load()
                .threeTier()
                .quick()
                .users(4)
                .db(SCHEMA)
                .set("appServer.tokenFile", tokenAt)
                .build());
        assertEquals(0, load.exit(), load.out() + load.err());
        int port = processes.start(
                List.of("-Xmx64m", "-XX:+UseG1GC"),
                Args.central().db(SCHEMA).set("appServer.tokenFile", tokenAt).build());
        Process central = processes.started().get(0);
        String at = "127.0.0.1:" + port;

        List<WireClient> attackers = flood(port, token);
        try {
            assertTrue(central.isAlive(), "central services survived: " + String.join("\n", processes.output()));
            assertTrue(
                    processes.output().stream().noneMatch(l -> l.contains("OutOfMemoryError")),
                    "never out of memory: " + String.join("\n", processes.output()));
            processes.start(Args.appserver(at, 1)
                    .db(SCHEMA)
                    .set("appServer.tokenFile", tokenAt)
                    .build());
            processes.start(Args.appserver(at, 2)
                    .db(SCHEMA)
                    .set("appServer.tokenFile", tokenAt)
                    .build());
            TestDb.Run r = TestDb.sdbench(Args.run()
                    .threeTier()
                    .quick()
                    .users(4)
                    .set("appServer.central", at)
                    .rampUp("2s")
                    .duration("8s")
                    .rampDown("1s")
                    .set("run.resultsDir", "target/test-results/three-tier-memory")
                    .interval(2)
                    // Little's law over an 8 s window of 4 users on a shared host is noise, not a verdict.
                    .flag("--accept-errors")
                    .db(SCHEMA)
                    .set("appServer.tokenFile", tokenAt)
                    .build());
            assertEquals(0, r.exit(), r.out() + r.err() + String.join("\n", processes.output()));
            JsonNode result =
                    Json.MAPPER.readTree(r.folder().resolve("result.json").toFile());
            assertEquals(0, result.at("/summary/errorsByKind").size(), "no failed step: " + result.at("/summary"));
            assertTrue(
                    result.at("/summary/overall/response/count").asLong() > 0,
                    "steps served: " + result.at("/summary"));
            assertTrue(central.isAlive());
        } finally {
            attackers.forEach(WireClient::close);
        }
    }

    /**
     * 25 roles that no real peer of the run uses (app servers 3 to 27), 16 connections each, each
     * sending one frame of the largest size allowed; returns once every frame went out or its
     * connection was closed.
     */
    private static List<WireClient> flood(int port, Token token) throws InterruptedException {
        byte[] maximal = new byte[Frame.MAX_BYTES - 5];
        List<WireClient> clients = new ArrayList<>();
        Set<WireClient> open = ConcurrentHashMap.newKeySet();
        AtomicInteger sent = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int role = 3; role < 3 + ROLES; role++) {
            for (int i = 0; i < PER_ROLE; i++) {
                String r = Role.appServer(role);
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        WireClient c = WireClient.connect(
                                Wire.DEFAULTS,
                                Dialer.Hop.APP_TO_CENTRAL,
                                new HostAndPort("127.0.0.1", port),
                                r,
                                token,
                                Duration.ofSeconds(30),
                                "central services");
                        open.add(c);
                        // The write returns once the frame is in the socket, or fails when the server closed it.
                        c.send(FrameType.PING, maximal);
                        sent.incrementAndGet();
                    } catch (WireException e) {
                        // Shed, refused or closed by the server: what an attacker gets.
                    }
                }));
            }
        }
        for (Thread t : threads) {
            t.join(Duration.ofMinutes(5));
        }
        clients.addAll(open);
        assertTrue(sent.get() > 0, "frames went out");
        return clients;
    }
}
