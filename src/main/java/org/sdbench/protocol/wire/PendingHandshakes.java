package org.sdbench.protocol.wire;

import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The connections of one listener still in their handshake. A newcomer is always admitted; when its
 * source already has its share pending, that source's oldest is shed, and when the listener is
 * full, the oldest pending overall. So a peer that sends its hello at once finishes its handshake
 * however many idle connections anybody opens: it would be shed only after as many newer ones
 * arrived as the whole pool holds, in the milliseconds its handshake takes.
 */
final class PendingHandshakes {
    /** One pending handshake; {@link #shed} is set before its connection is closed. */
    static final class Pending {
        final InetAddress source;
        final FrameIO io;
        private volatile boolean shed;

        Pending(InetAddress source, FrameIO io) {
            this.source = source;
            this.io = io;
        }

        boolean shed() {
            return shed;
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
            bySource.merge(p.source, 1, Integer::sum);
        }
        shed.forEach(s -> s.shed = true);
        return shed;
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
        for (Iterator<Pending> it = all.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            if (source == null || p.source.equals(source)) {
                it.remove();
                bySource.computeIfPresent(p.source, (k, n) -> n == 1 ? null : n - 1);
                return p;
            }
        }
        throw new IllegalStateException("no pending handshake to shed" + (source == null ? "" : " from " + source));
    }
}
