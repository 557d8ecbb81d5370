package org.sdbench.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;
import org.sdbench.core.Clock;

class LinkProfileTest {
    @Test
    void parse_percentAndMicros_readAsWritten() {
        LinkProfile p = LinkProfile.parse("network.appToDb.", "1ms", "200us", "0.1%");
        assertEquals(Duration.ofMillis(1), p.delay());
        assertEquals(Duration.ofNanos(200_000), p.jitter());
        assertEquals(0.001, p.loss(), 1e-12);
        assertEquals("delay 1ms, jitter 200us, loss 0.1%", p.describe());
    }

    @Test
    void parse_badLoss_namesKeyValueAndAllowed() {
        ConfigException e =
                assertThrows(ConfigException.class, () -> LinkProfile.parse("network.appToDb.", "1ms", "0", "150%"));
        assertTrue(
                e.getMessage().startsWith("'network.appToDb.loss' = '150%' is not allowed: a loss rate in [0, 1)"),
                e.getMessage());
    }

    @Test
    void parse_badDelay_namesKey() {
        ConfigException e = assertThrows(ConfigException.class, () -> LinkProfile.parse("--reply-", "fast", "0", "0"));
        assertTrue(e.getMessage().startsWith("'--reply-delay' = 'fast'"), e.getMessage());
    }

    @Test
    void hostPort_ipv6AndBadPort() {
        assertEquals(5432, SocketAddresses.parse("k", "[::1]:5432").getPort());
        assertEquals("::1", SocketAddresses.parse("k", "[::1]:5432").getHostString());
        assertThrows(ConfigException.class, () -> SocketAddresses.parse("k", "localhost:99999"));
        assertThrows(ConfigException.class, () -> SocketAddresses.parse("k", "localhost"));
    }

    @Test
    void relaySpec_nonLoopbackListen_refused() {
        ConfigException e = assertThrows(
                ConfigException.class,
                () -> new RelaySpec(
                        SocketAddresses.parse("l", "0.0.0.0:0"),
                        SocketAddresses.parse("t", "127.0.0.1:5432"),
                        LinkProfile.NONE,
                        LinkProfile.NONE,
                        1,
                        Clock.SYSTEM));
        assertTrue(e.getMessage().contains("loopback"), e.getMessage());
    }
}
