package org.sdbench.appserver.server;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import org.sdbench.protocol.enqueue.Enqueue;
import org.sdbench.protocol.enqueue.EnqueueStats;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.enqueue.LockResult;
import org.sdbench.core.Clock;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.protocol.wire.WireIn;
import org.sdbench.protocol.wire.WireOut;

/**
 * The enqueue server as an app-server process sees it: every request a round trip to the central
 * services, and that round trip is part of the measured enqueue time, as in SAP.
 */
final class RemoteEnqueue implements Enqueue {
    private final WireClient central;
    private final Duration timeout;
    private final Clock clock;
    private final LongAdder requests = new LongAdder();
    private final LongAdder conflicts = new LongAdder();
    private final LongAdder lockNs = new LongAdder();

    RemoteEnqueue(WireClient central, Duration timeout, Clock clock) {
        this.central = central;
        this.timeout = timeout;
        this.clock = clock;
    }

    /** Every call is a round trip to the central services. */
    @Override
    public boolean isLocal() {
        return false;
    }

    @Override
    public LockResult lock(LockOwner owner, String object, String key, LockMode mode) {
        long t0 = clock.nanoTime();
        Frame f = call(FrameType.ENQ_LOCK, new WireOut().str(owner.id()).str(object).str(key).u8(mode.ordinal()).toBytes());
        WireIn in = f.in();
        LockResult r = in.u8() == 1 ? LockResult.Granted.INSTANCE
                : new LockResult.Conflict(new LockOwner(in.str()), LockMode.values()[in.u8() % LockMode.values().length]);
        requests.increment();
        if (!r.granted()) {
            conflicts.increment();
        }
        lockNs.add(clock.nanoTime() - t0);
        return r;
    }

    @Override
    public int releaseAll(LockOwner owner) {
        return call(FrameType.ENQ_RELEASE_ALL, new WireOut().str(owner.id()).toBytes()).in().i32();
    }

    @Override
    public int transfer(LockOwner from, LockOwner to) {
        return call(FrameType.ENQ_TRANSFER, new WireOut().str(from.id()).str(to.id()).toBytes()).in().i32();
    }

    private Frame call(byte type, byte[] body) {
        try {
            return central.call(type, body, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WireException("interrupted while waiting for the enqueue server");
        }
    }

    @Override
    public EnqueueStats stats() {
        return new EnqueueStats(requests.sum(), conflicts.sum(), lockNs.sum(), 0);
    }
}
