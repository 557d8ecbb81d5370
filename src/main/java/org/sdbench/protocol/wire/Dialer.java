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
 * through here, so a network relay (delay, jitter, loss per hop) can be put in front of it: the
 * router a process's entry point chose, handed to its connections through its {@link Wire}.
 */
public record Dialer(Dialer.Router router) {
    /** Which tier talks to which: the hops a three-tier run has besides the DB connections. */
    public enum Hop {
        DRIVER_TO_APP,
        DRIVER_TO_CENTRAL,
        APP_TO_CENTRAL,
        /** The central services reach an app server at the address it registered, to check that it answers there. */
        CENTRAL_TO_APP
    }

    /** Where a hop really dials: the target itself, or an emulated link (a relay) in front of it. */
    @FunctionalInterface
    public interface Router {
        InetSocketAddress route(Hop hop, InetSocketAddress target);
    }

    /** Every hop to its target itself. */
    public static final Dialer DIRECT = new Dialer((hop, target) -> target);

    public Dialer {
        if (router == null) {
            throw new IllegalArgumentException("a dialer needs a router (Dialer.DIRECT dials every hop directly)");
        }
    }

    /** Connects within the timeout, or fails with one line naming the address and what is there. */
    public Socket dial(Hop hop, HostAndPort address, Duration timeout) {
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
