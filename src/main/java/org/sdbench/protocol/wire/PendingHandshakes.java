package org.sdbench.protocol.wire;

import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The connections of one listener that have not proved the token yet. A newcomer is always
 * admitted; when its source already has its share pending, one of that source's is shed, and when
 * the listener is full, one of all: the oldest with no byte waiting to be read, else the oldest.
 * What a connection sent earns it nothing: a hello costs nothing to send and proves nothing, so only
 * the proof of the token ({@link #proven}) takes a connection out of reach. A real peer answers each
 * step of the handshake at once, so it is shed only when more connections than the limit arrive
 * from its source during its own handshake of a few round trips.
 */
final class PendingHandshakes {
    /** One pending handshake; {@link #shed} is set before its connection is closed. */
    static final class Pending {
        final InetAddress source;
        final FrameIO io;
        private volatile boolean shed;
        /** The listener's pending handshakes this one was admitted to. */
        private volatile PendingHandshakes admitted;

        Pending(InetAddress source, FrameIO io) {
            this.source = source;
            this.io = io;
        }

        boolean shed() {
            return shed;
        }

        /**
         * The peer proved the token: from now on it cannot be shed. False when it was shed first:
         * then its connection is being closed and its handshake must end.
         */
        boolean proven() {
            PendingHandshakes a = admitted;
            return a == null ? !shed : a.prove(this);
        }

        /** Nothing waiting to be read: the first to shed, whatever it sent before. */
        boolean idle() {
            try {
                // The socket's own count (the kernel's), not the buffered stream's: that one takes the reader's lock.
                return io.socket().getInputStream().available() == 0;
            } catch (IOException e) {
                return true;
            }
        }
    }

    private final int max;
    private final int perSource;
    /** Oldest first. */
    private final Deque<Pending> all = new ArrayDeque<>();

    private final Map<InetAddress, Integer> bySource = new HashMap<>();

    PendingHandshakes(int max, int perSource) {
        this.max = max;
        this.perSource = perSource;
    }

    /** Admits a new connection; the ones it displaced are returned, already marked shed, to be closed. */
    List<Pending> admit(Pending p) {
        List<Pending> shed = new ArrayList<>(1);
        synchronized (this) {
            if (bySource.getOrDefault(p.source, 0) >= perSource) {
                shed.add(removeOldest(p.source));
            }
            if (all.size() >= max) {
                shed.add(removeOldest(null));
            }
            all.addLast(p);
            p.admitted = this;
            bySource.merge(p.source, 1, Integer::sum);
            // Marked under the monitor a proof takes too: a connection is either shed or proven, never both.
            shed.forEach(s -> s.shed = true);
        }
        return shed;
    }

    private synchronized boolean prove(Pending p) {
        if (p.shed) {
            return false;
        }
        done(p);
        return true;
    }

    /** The handshake ended (done, refused or shed). */
    synchronized void done(Pending p) {
        if (all.remove(p)) {
            bySource.computeIfPresent(p.source, (k, n) -> n == 1 ? null : n - 1);
        }
    }

    synchronized int size() {
        return all.size();
    }

    private Pending removeOldest(InetAddress source) {
        Pending p = oldest(source, true);
        if (p == null) {
            p = oldest(source, false);
        }
        if (p != null) {
            all.remove(p);
            bySource.computeIfPresent(p.source, (k, n) -> n == 1 ? null : n - 1);
            return p;
        }
        throw new IllegalStateException("no pending handshake to shed" + (source == null ? "" : " from " + source));
    }

    private Pending oldest(InetAddress source, boolean idleOnly) {
        for (Pending p : all) {
            if ((source == null || p.source.equals(source)) && (!idleOnly || p.idle())) {
                return p;
            }
        }
        return null;
    }
}
