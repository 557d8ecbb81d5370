package org.sdbench.driver;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.SdStep;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.StepCodec;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.protocol.wire.WireOut;

/**
 * Dialog steps over the network: a user logs on where the message server sends it and stays on
 * that instance (sticky session). When the instance dies the step answers
 * {@link StepOutcome.InstanceLost} and the user's next step logs on again, to another instance.
 */
public final class RemoteDialogService implements DialogService {
    private record Session(int instance, WireClient client) {
    }

    private final RemoteTier tier;
    private final RunMetrics metrics;
    private final AtomicReferenceArray<Session> sessions;
    private final LongAdder relogons = new LongAdder();

    public RemoteDialogService(RemoteTier tier, RunMetrics metrics, int maxUsers) {
        this.tier = tier;
        this.metrics = metrics;
        this.sessions = new AtomicReferenceArray<>(maxUsers + 1);
    }

    /** Logons after the user's instance was lost. */
    public long relogons() {
        return relogons.sum();
    }

    @Override
    public void logon(int userNo) {
        try {
            tryLogon(userNo);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One attempt; on failure the session stays empty and the next step tries again. */
    private Session tryLogon(int userNo) throws InterruptedException {
        try {
            RemoteTier.Routed r = tier.route();
            r.client().call(FrameType.LOGON, new WireOut().i32(userNo).toBytes(), tier.replyTimeout());
            Session s = new Session(r.number(), r.client());
            sessions.set(userNo, s);
            return s;
        } catch (WireException e) {
            sessions.set(userNo, null);
            return null;
        }
    }

    @Override
    public StepResult dialogStep(int userNo, SdStep step) throws InterruptedException {
        Session s = sessions.get(userNo);
        if (s == null || s.client().isBroken()) {
            relogons.increment();
            s = tryLogon(userNo);
            if (s == null) {
                return lost(step, "no app-server instance accepted the logon");
            }
        }
        var reply = s.client().send(FrameType.STEP, new WireOut(8).i32(userNo).u8(step.ordinal()).toBytes());
        try {
            Frame f = reply.get(tier.replyTimeout().toNanos(), TimeUnit.NANOSECONDS);
            if (f.type() != FrameType.STEP_RESULT) {
                sessions.compareAndSet(userNo, s, null);
                return lost(step, "app server " + s.instance() + ": " + f.in().str());
            }
            StepCodec.Reply r = StepCodec.decode(f.body());
            if (r.result().outcome().ok()) {
                metrics.recordServerResponse(r.serverNanos());
            }
            return r.result();
        } catch (ExecutionException | TimeoutException e) {
            reply.cancel(false);
            sessions.compareAndSet(userNo, s, null);
            String why = e instanceof TimeoutException ? "no answer within " + tier.replyTimeout().toSeconds() + " s"
                    : e.getCause().getMessage();
            return lost(step, "app server " + s.instance() + ": " + why);
        }
    }

    private static StepResult lost(SdStep step, String why) {
        return new StepResult(step, new StepOutcome.InstanceLost(why), StepTimes.ZERO, 0);
    }

    @Override
    public void abandonLoop(int userNo) {
        notify(userNo, FrameType.ABANDON);
    }

    @Override
    public void logoff(int userNo) {
        notify(userNo, FrameType.LOGOFF);
        sessions.set(userNo, null);
    }

    private void notify(int userNo, byte type) {
        Session s = sessions.get(userNo);
        if (s == null || s.client().isBroken()) {
            return;
        }
        try {
            s.client().call(type, new WireOut().i32(userNo).toBytes(), tier.replyTimeout());
        } catch (WireException e) {
            sessions.compareAndSet(userNo, s, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
