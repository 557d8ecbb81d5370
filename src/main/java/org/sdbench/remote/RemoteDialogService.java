package org.sdbench.remote;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import org.sdbench.core.SdStep;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.ReplyWait;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.StepCodec;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.report.RemoteFacts;

/**
 * Dialog steps over the network: a user logs on where the message server sends it and stays on
 * that instance (sticky session). When the instance dies the step answers
 * {@link StepOutcome.InstanceLost} and the user's next step logs on again, to another instance.
 */
final class RemoteDialogService implements DialogService {
    private record Session(int instance, WireClient client) {}

    private static final class Sums {
        final LongAdder steps = new LongAdder();
        final LongAdder dbNs = new LongAdder();
        final LongAdder dbCalls = new LongAdder();
        final LongAdder serverNs = new LongAdder();
    }

    private final Connections connections;
    private final Fencing fencing;
    private final RunMetrics metrics;
    private final AtomicReferenceArray<Session> sessions;
    private final LongAdder relogons = new LongAdder();
    private final BooleanSupplier inWindow;
    private final Map<Integer, Sums> perInstance = new ConcurrentSkipListMap<>();

    /** @param inWindow whether a step answered now falls in the measurement window (per-instance figures) */
    RemoteDialogService(
            Connections connections, Fencing fencing, RunMetrics metrics, int maxUsers, BooleanSupplier inWindow) {
        this.connections = connections;
        this.fencing = fencing;
        this.metrics = metrics;
        this.sessions = new AtomicReferenceArray<>(maxUsers + 1);
        this.inWindow = inWindow;
    }

    /** Per instance, the successful steps answered in the window: DB time and app-server response time. */
    List<RemoteFacts.InstanceSteps> perInstance() {
        return perInstance.entrySet().stream()
                .map(e -> new RemoteFacts.InstanceSteps(
                        e.getKey(),
                        e.getValue().steps.sum(),
                        e.getValue().dbNs.sum(),
                        e.getValue().dbCalls.sum(),
                        e.getValue().serverNs.sum()))
                .toList();
    }

    /** Logons after the user's instance was lost. */
    long relogons() {
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
            Connections.Routed r = connections.route();
            r.client().call(FrameType.LOGON, new AppMessages.User(userNo).encode(), connections.replyTimeout());
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
        if (s != null && s.client().isBroken() && !fencing.relogonAllowed(s.instance())) {
            // The old session may still run on an instance that is silent but not yet fenced: no second one meanwhile.
            return lost(
                    step,
                    "app server " + s.instance() + " is not answering; its users log on elsewhere once it is fenced");
        }
        if (s == null || s.client().isBroken()) {
            relogons.increment();
            s = tryLogon(userNo);
            if (s == null) {
                return lost(step, "no app-server instance accepted the logon");
            }
            if (step != SdStep.LOOP.get(0)) {
                // The new instance holds a fresh user context: the documents of this loop so far were in
                // the lost one. The step is not sent; the user starts its loop over, as a real user would.
                return lost(step, "logged on again to app server " + s.instance() + " mid-loop: the loop starts over");
            }
        }
        var reply = s.client().send(FrameType.STEP, new AppMessages.Step(userNo, step).encode());
        try {
            Frame f = ReplyWait.shared().get(reply, connections.replyTimeout().toNanos());
            if (f.type() != FrameType.STEP_RESULT) {
                sessions.compareAndSet(userNo, s, null);
                return lost(
                        step,
                        "app server " + s.instance() + ": "
                                + Control.Error.decode(f.body()).message());
            }
            StepCodec.Reply r = StepCodec.decode(f.body());
            if (r.result().outcome().ok()) {
                metrics.recordServerResponse(r.serverNanos());
                if (inWindow.getAsBoolean()) {
                    Sums sum = perInstance.computeIfAbsent(s.instance(), k -> new Sums());
                    sum.steps.increment();
                    sum.dbNs.add(r.result().times().dbNs());
                    sum.dbCalls.add(r.result().times().dbCalls());
                    sum.serverNs.add(r.serverNanos());
                }
            }
            return r.result();
        } catch (ExecutionException | TimeoutException e) {
            reply.cancel(false);
            sessions.compareAndSet(userNo, s, null);
            String why = e instanceof TimeoutException
                    ? "no answer within " + connections.replyTimeout().toSeconds() + " s"
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

    private void notify(int userNo, FrameType type) {
        Session s = sessions.get(userNo);
        if (s == null || s.client().isBroken()) {
            return;
        }
        try {
            s.client().call(type, new AppMessages.User(userNo).encode(), connections.replyTimeout());
        } catch (WireException e) {
            sessions.compareAndSet(userNo, s, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
