package org.sdbench.apptier.server;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.central.CentralPeers;
import org.sdbench.apptier.central.CentralServices;
import org.sdbench.apptier.central.IdentityListener;
import org.sdbench.core.Clock;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;

/** A driver's ADOPT(2) fences instance 2 only once the real central services no longer list it. */
class AdoptionGuardTest {
    private final Token token = Token.random();

    @Test
    void check_instanceStillRegistered_refusedUntilItLeaves() throws Exception {
        CountDownLatch left = new CountDownLatch(1);
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, line -> {
                            if (line.contains("instance 2") && line.contains("left the logon group")) {
                                left.countDown();
                            }
                        });
                WireClient one = CentralPeers.connect(central, token, "appserver-1");
                IdentityListener at2 = new IdentityListener(token, 2)) {
            WireClient two = CentralPeers.connect(central, token, "appserver-2");
            two.call(FrameType.REGISTER, at2.register(), Duration.ofSeconds(5));
            AdoptionGuard guard = new AdoptionGuard(1, one, Duration.ofSeconds(5));
            var e = assertThrows(IllegalStateException.class, () -> guard.check(2));
            assertTrue(e.getMessage().contains("still registered"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> guard.check(1));
            two.close();
            assertTrue(left.await(10, TimeUnit.SECONDS));
            guard.check(2);
        }
    }
}
