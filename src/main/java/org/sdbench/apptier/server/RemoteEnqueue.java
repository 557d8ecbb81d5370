package org.sdbench.apptier.server;

import java.time.Duration;
import org.sdbench.protocol.enqueue.Enqueue;
import org.sdbench.protocol.enqueue.EnqueueRefusedException;
import org.sdbench.protocol.enqueue.EnqueueUnavailableException;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.enqueue.LockResult;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.PeerRefused;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;

/**
 * The enqueue server as an app-server process sees it: every request a round trip to the central
 * services, and that round trip is part of the measured enqueue time, as in SAP.
 */
final class RemoteEnqueue implements Enqueue {
    private final WireClient central;
    private final Duration timeout;

    RemoteEnqueue(WireClient central, Duration timeout) {
        this.central = central;
        this.timeout = timeout;
    }

    /** The bound on each call to the central services. */
    Duration timeout() {
        return timeout;
    }

    /** Every call is a round trip to the central services. */
    @Override
    public boolean isLocal() {
        return false;
    }

    @Override
    public LockResult lock(LockOwner owner, String object, String key, LockMode mode) {
        Frame f = call(FrameType.ENQ_LOCK, new CentralMessages.Lock(owner.id(), object, key, mode.ordinal()).encode());
        var reply = CentralMessages.LockReply.decode(f.body(), LockMode.values().length);
        LockResult r = reply.granted()
                ? LockResult.Granted.INSTANCE
                : new LockResult.Conflict(new LockOwner(reply.holder()), LockMode.values()[reply.heldMode()]);
        return r;
    }

    @Override
    public int releaseAll(LockOwner owner) {
        return Control.Count.decode(call(FrameType.ENQ_RELEASE_ALL, new CentralMessages.ReleaseAll(owner.id()).encode())
                        .body())
                .n();
    }

    @Override
    public int transfer(LockOwner from, LockOwner to) {
        return Control.Count.decode(
                        call(FrameType.ENQ_TRANSFER, new CentralMessages.Transfer(from.id(), to.id()).encode())
                                .body())
                .n();
    }

    private Frame call(FrameType type, byte[] body) {
        try {
            return central.call(type, body, timeout);
        } catch (PeerRefused e) {
            throw new EnqueueRefusedException("enqueue server refused: " + e.getMessage(), e);
        } catch (WireException e) {
            throw new EnqueueUnavailableException("enqueue server: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WireException("interrupted while waiting for the enqueue server");
        }
    }
}
