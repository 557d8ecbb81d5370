package org.sdbench.apptier.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;

/**
 * One run at a time per app tier: a second driver is refused whatever it asks, naming the run that
 * is on and its start; the run ends at its driver's end message or with its driver's connection,
 * its dialog locks with it.
 */
class CentralRunAdmissionTest {
    private final Token token = Token.random();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private static final long START = LocalDateTime.of(2025, 3, 4, 10, 20, 30)
            .atZone(ZoneId.systemDefault())
            .toInstant()
            .toEpochMilli();

    private CentralServices central() {
        return CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, l -> {
            log.add(l);
            lines.add(l);
        });
    }

    private static Frame begin(WireClient driver, RunIdentity run) throws Exception {
        return CentralPeers.send(driver, FrameType.RUN_BEGIN, new CentralMessages.Run(run).encode());
    }

    private String awaitLine(String containing) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            for (String l : log) {
                if (l.contains(containing)) {
                    return l;
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || lines.poll(left, TimeUnit.NANOSECONDS) == null) {
                throw new AssertionError("no line with '" + containing + "' in " + log);
            }
        }
    }

    @Test
    void runBegin_secondDriverWhileARunIsOn_refusedNamingTheRunAndItsStartUntilItEnds() throws Exception {
        try (CentralServices central = central();
                WireClient app = CentralPeers.connect(central, token, "appserver-1");
                IdentityListener at1 = new IdentityListener(token, 1);
                WireClient second = CentralPeers.connect(central, token, "driver")) {
            assertEquals(
                    FrameType.OK,
                    CentralPeers.send(app, FrameType.REGISTER, at1.register()).type());
            WireClient first = CentralPeers.connect(central, token, "driver");
            assertEquals(
                    FrameType.OK,
                    begin(first, new RunIdentity("a1", "20250304-102030-three-tier", START))
                            .type());
            assertEquals(
                    FrameType.ROUTE_REPLY,
                    CentralPeers.send(first, FrameType.ROUTE, Control.EMPTY).type());

            // Same settings, other settings: the central services never see them; any second run is refused.
            Frame refused = begin(second, new RunIdentity("b2", "20250304-102042-three-tier", START + 12_000));
            assertEquals(FrameType.ERROR, refused.type());
            String why = Control.Error.decode(refused.body()).message();
            assertTrue(
                    why.startsWith("already serving run '20250304-102030-three-tier' started 2025-03-04 10:20:30"),
                    why);
            assertEquals(
                    FrameType.ERROR,
                    CentralPeers.send(second, FrameType.ROUTE, Control.EMPTY).type(),
                    "no logon is routed for a run that was not admitted");

            first.close();
            String served = awaitLine("served run '20250304-102030-three-tier'");
            assertTrue(served.contains("dialog locks released"), served);
            assertEquals(
                    FrameType.OK,
                    begin(second, new RunIdentity("b2", "20250304-102042-three-tier", START + 12_000))
                            .type(),
                    "once the first run ended, the next is admitted");
        }
    }

    @Test
    void runEnd_releasesItsDialogLocksAndKeepsItsUpdateRequests() throws Exception {
        try (CentralServices central = central();
                WireClient app = CentralPeers.connect(central, token, "appserver-1")) {
            WireClient driver = CentralPeers.connect(central, token, "driver");
            assertEquals(
                    FrameType.OK,
                    begin(driver, new RunIdentity("a1", "r", START)).type());
            assertTrue(CentralPeers.lock(app, "user:1-a1-3", "1"));
            assertTrue(CentralPeers.lock(app, "upd:1-a1-x-1", "2"));
            driver.close();
            awaitLine("served run 'r'");
            assertTrue(CentralPeers.lock(app, "user:1-b2-3", "1"), "the ended run's dialog lock is gone");
            assertFalse(
                    CentralPeers.lock(app, "user:1-b2-3", "2"),
                    "its update request still holds its lock until it is done");
        }
    }

    @Test
    void runEnd_driverEndsItsRunBeforeItsConnectionCloses_nextRunAdmittedAtOnce() throws Exception {
        try (CentralServices central = central();
                WireClient first = CentralPeers.connect(central, token, "driver");
                WireClient second = CentralPeers.connect(central, token, "driver")) {
            RunIdentity a = new RunIdentity("a1", "20250304-102030-three-tier", START);
            assertEquals(FrameType.OK, begin(first, a).type());
            Frame notTheirs = CentralPeers.send(second, FrameType.RUN_END, new CentralMessages.Run(a).encode());
            assertEquals(FrameType.ERROR, notTheirs.type(), "only the run's own driver ends it");

            assertEquals(
                    FrameType.OK,
                    CentralPeers.send(first, FrameType.RUN_END, new CentralMessages.Run(a).encode())
                            .type());
            assertTrue(
                    log.stream().anyMatch(l -> l.startsWith("served run '20250304-102030-three-tier'")),
                    "one line for the run, at its end message: " + log);
            assertEquals(
                    FrameType.OK,
                    begin(second, new RunIdentity("b2", "20250304-102042-three-tier", START + 12_000))
                            .type(),
                    "the next run is admitted while the first driver's connection is still open");
            assertEquals(
                    FrameType.ERROR,
                    CentralPeers.send(first, FrameType.ROUTE, Control.EMPTY).type(),
                    "an ended run's connection routes no logon");
        }
    }
}
