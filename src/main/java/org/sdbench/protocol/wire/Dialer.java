package org.sdbench.protocol.wire;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;

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

    private Dialer() {
    }

    /** Connects within the timeout, or fails with one line naming the address and what is there. */
    public static Socket dial(Hop hop, Address address, Duration timeout) {
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(address.host(), address.port()), (int) Math.max(1, timeout.toMillis()));
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
