package org.sdbench.protocol.wire;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import org.sdbench.config.HostAndPort;

/**
 * The one place where one sdbench process opens a TCP connection to another. Every hop goes
 * through here, so a network relay (delay, jitter, loss per hop) can be put in front of it.
 */
public final class Dialer {
    /** Which tier talks to which: the hops a three-tier run has besides the DB connections. */
    public enum Hop {
        DRIVER_TO_APP,
        DRIVER_TO_CENTRAL,
        APP_TO_CENTRAL
    }

    /** Where a hop really dials: the target itself, or an emulated link (a relay) in front of it. */
    @FunctionalInterface
    public interface Router {
        InetSocketAddress route(Hop hop, InetSocketAddress target);
    }

    private static final Router DIRECT = (hop, target) -> target;
    // One per process: set once when the process starts, before its first connection.
    private static volatile Router router = DIRECT;

    private Dialer() {}

    /** Routes this process's later connections through {@code r}; null dials directly again. */
    public static void routeThrough(Router r) {
        router = r == null ? DIRECT : r;
    }

    /** Connects within the timeout, or fails with one line naming the address and what is there. */
    public static Socket dial(Hop hop, HostAndPort address, Duration timeout) {
        Socket s = new Socket();
        try {
            InetSocketAddress target = router.route(hop, new InetSocketAddress(address.host(), address.port()));
            s.connect(target, (int) Math.max(1, timeout.toMillis()));
            return s;
        } catch (UnknownHostException e) {
            close(s);
            throw new WireException("cannot reach " + address + ": unknown host '" + address.host() + "'");
        } catch (ConnectException e) {
            close(s);
            throw new WireException("cannot reach " + address + ": connection refused (nothing listens there)");
        } catch (SocketTimeoutException e) {
            close(s);
            throw new WireException("cannot reach " + address + ": no answer within " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            close(s);
            throw new WireException("cannot reach " + address + ": " + e.getMessage());
        }
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // Never connected: nothing to release.
        }
    }
}
