package org.sdbench.network;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import org.sdbench.config.ConfigException;
import org.sdbench.config.HostAndPort;
import org.sdbench.config.Numbers;

/**
 * The one place that turns what a user writes for a host, a port or a {@code HOST:PORT} address (its form is
 * {@link HostAndPort}'s) into socket addresses to listen on or dial, resolving names, for command-line options
 * and configuration keys alike: every failure is a {@link ConfigException} naming
 * the key, the bad value and what is allowed (IPv6 as {@code [::1]:5432}).
 */
public final class SocketAddresses {
    private SocketAddresses() {}

    /** Parses {@code HOST:PORT} into an unresolved address: names resolve when dialled. */
    public static InetSocketAddress parse(String key, String text) {
        HostAndPort hp = HostAndPort.parse(key, text);
        return InetSocketAddress.createUnresolved(hp.host(), hp.port());
    }

    /** A port to listen on: 0 (any free port, the process says which) to 65535. */
    public static int listenPort(String key, String text) {
        String t = text == null ? "" : text.trim();
        if (Numbers.isWhole(t) && t.length() <= 5 && Integer.parseInt(t) >= 0 && Integer.parseInt(t) <= 65535) {
            return Integer.parseInt(t);
        }
        throw ConfigException.key(key, text, "a TCP port from 0 to 65535 (0 = any free port)");
    }

    /** An address to connect to: port 1-65535, the host resolved now so a misspelt name fails before any work. */
    public static InetSocketAddress dial(String key, String text) {
        InetSocketAddress a = parse(key, text);
        ConfigException.require(a.getPort() > 0, key, text, "port 1 to 65535 (the peer's port)");
        return new InetSocketAddress(address(key, text, a.getHostString()), a.getPort());
    }

    /** An address to listen on: port 0-65535 and a host that is this machine (an interface, loopback or the wildcard). */
    public static InetSocketAddress listen(String key, String text) {
        InetSocketAddress a = parse(key, text);
        return new InetSocketAddress(local(key, text, a.getHostString()), a.getPort());
    }

    /** A host (no port) to listen on: an address of this machine. Returns the text as given. */
    public static String listenHost(String key, String text) {
        String h = HostAndPort.host(key, text);
        local(key, text, h.startsWith("[") ? h.substring(1, h.length() - 1) : h);
        return h;
    }

    /**
     * The resolved form of an address for binding: a name is looked up now, and one that does not resolve is a
     * {@link ConfigException} naming {@code key} (never an unresolved address that fails later).
     */
    static InetSocketAddress resolveToBind(String key, InetSocketAddress a) {
        if (!a.isUnresolved()) {
            return a;
        }
        return new InetSocketAddress(address(key, format(a), a.getHostString()), a.getPort());
    }

    /** The resolved form of an address, for dialling (a name is looked up now; the dial reports one that fails). */
    static InetSocketAddress resolve(InetSocketAddress a) {
        return a.isUnresolved() ? new InetSocketAddress(a.getHostString(), a.getPort()) : a;
    }

    public static String format(InetSocketAddress a) {
        String h = a.getHostString();
        return (h.indexOf(':') >= 0 ? "[" + h + "]" : h) + ":" + a.getPort();
    }

    private static InetAddress address(String key, String text, String host) {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw ConfigException.key(
                    key, text, "a host that resolves ('" + host + "' is unknown to this machine's resolver)");
        }
    }

    private static InetAddress local(String key, String text, String host) {
        InetAddress a = address(key, text, host);
        boolean here;
        try {
            here = a.isAnyLocalAddress() || a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (SocketException e) {
            here = false;
        }
        ConfigException.require(
                here,
                key,
                text,
                "an address of this machine (loopback, one of its interfaces, or 0.0.0.0); " + host + " is "
                        + a.getHostAddress() + ", which no interface here has");
        return a;
    }
}
