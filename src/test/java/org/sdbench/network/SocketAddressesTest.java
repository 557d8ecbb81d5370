package org.sdbench.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;

class SocketAddressesTest {
    @Test
    void parse_ipv6Bracketed_hostWithoutBrackets() {
        var a = SocketAddresses.parse("k", "[::1]:5432");
        assertEquals("::1", a.getHostString());
        assertEquals(5432, a.getPort());
        assertEquals("[::1]:5432", SocketAddresses.format(a));
    }

    @Test
    void parse_ipv6Unbracketed_refusedNamingKey() {
        var e = assertThrows(ConfigException.class, () -> SocketAddresses.parse("--target", "::1:5432"));
        assertTrue(e.getMessage().startsWith("'--target' = '::1:5432' is not allowed: HOST:PORT"), e.getMessage());
    }

    @Test
    void listen_wildcardAndLoopback_accepted() {
        assertTrue(SocketAddresses.listen("k", "0.0.0.0:0").getAddress().isAnyLocalAddress());
        assertTrue(SocketAddresses.listen("k", "localhost:0").getAddress().isLoopbackAddress());
        assertEquals(
                "localhost",
                SocketAddresses.listen("k", "localhost:0").getHostString(),
                "the name as given, for messages");
    }

    @Test
    void listen_documentationAddress_refusedAsNotThisMachine() {
        var e = assertThrows(ConfigException.class, () -> SocketAddresses.listen("k", "192.0.2.1:80"));
        assertTrue(e.allowed().startsWith("an address of this machine"), e.getMessage());
    }

    @Test
    void dial_portZero_refused() {
        assertThrows(ConfigException.class, () -> SocketAddresses.dial("k", "127.0.0.1:0"));
    }

    @Test
    void dial_unresolvable_refusedWithAllowed() {
        var e = assertThrows(ConfigException.class, () -> SocketAddresses.dial("k", "nosuchhost.invalid:1"));
        assertTrue(e.allowed().startsWith("a host that resolves"), e.getMessage());
    }

    @Test
    void listenPort_range_zeroTo65535() {
        assertEquals(0, SocketAddresses.listenPort("k", "0"));
        assertEquals(65535, SocketAddresses.listenPort("k", "65535"));
        assertThrows(ConfigException.class, () -> SocketAddresses.listenPort("k", "65536"));
        assertThrows(ConfigException.class, () -> SocketAddresses.listenPort("k", "-1"));
    }

    @Test
    void resolveToBind_unresolvable_configExceptionNotNullPointer() {
        var unresolved = InetSocketAddress.createUnresolved("nosuchhost.invalid", 0);
        assertThrows(ConfigException.class, () -> SocketAddresses.resolveToBind("--listen", unresolved));
    }
}
