package org.sdbench.apptier.instance;

import java.util.concurrent.atomic.LongAdder;
import org.sdbench.core.Clock;
import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.enqueue.Enqueue;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.enqueue.LockResult;

/**
 * One instance's own enqueue requests, wherever the lock table is: in two-tier the instances share
 * one enqueue server, whose count is the system's, so each instance counts what it asked itself and
 * the system's figure is their sum, as it is in three-tier.
 */
final class CountedEnqueue implements Enqueue {
    private final Enqueue server;
    private final Clock clock;
    private final LongAdder requests = new LongAdder();
    private final LongAdder conflicts = new LongAdder();
    private final LongAdder lockNs = new LongAdder();

    CountedEnqueue(Enqueue server, Clock clock) {
        this.server = server;
        this.clock = clock;
    }

    @Override
    public LockResult lock(LockOwner owner, String object, String key, LockMode mode) {
        long t0 = clock.nanoTime();
        LockResult r = server.lock(owner, object, key, mode);
        requests.increment();
        if (!r.granted()) {
            conflicts.increment();
        }
        lockNs.add(clock.nanoTime() - t0);
        return r;
    }

    @Override
    public int releaseAll(LockOwner owner) {
        return server.releaseAll(owner);
    }

    @Override
    public int transfer(LockOwner from, LockOwner to) {
        return server.transfer(from, to);
    }

    @Override
    public boolean isLocal() {
        return server.isLocal();
    }

    InstanceFigures.EnqueueFigures figures() {
        return new InstanceFigures.EnqueueFigures(requests.sum(), conflicts.sum(), lockNs.sum());
    }
}
