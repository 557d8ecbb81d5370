package org.sdbench.apptier.remote;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.sdbench.apptier.RemoteFacts;
import org.sdbench.core.SdStep;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.ReplyWait;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.NoReply;
import org.sdbench.protocol.wire.PeerRefused;
import org.sdbench.protocol.wire.PeerText;
import org.sdbench.protocol.wire.StepCodec;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;

/**
 * Dialog steps over the network: a user logs on where the message server sends it and stays on
 * that instance (sticky session). When the instance dies the step answers
 * {@link StepOutcome.InstanceLost} and the user's next step logs on again, to another instance.
 */
final class RemoteDialogService implements DialogService {
    private record Session(int instance, WireClient client) {}

    /** An abandon sent and the session it was sent on. */
    private record Abandon(Session session, CompletableFuture<Frame> reply) {}

    private static final class Sums {
        final LongAdder steps = new LongAdder();
        final LongAdder dbNs = new LongAdder();
        final LongAdder dbCalls = new LongAdder();
        final LongAdder serverNs = new LongAdder();
    }

    /** How much of an app server's error text a lost step quotes (escaped: it may end up in a log). */
    private static final int ERROR_CHARS = 1024;

    private final Connections connections;
    private final Fencing fencing;
    private final RunMetrics metrics;
    private final AtomicReferenceArray<Session> sessions;
    private final AtomicReferenceArray<Abandon> abandons;
    private final LongAdder relogons = new LongAdder();
    private final BooleanSupplier inWindow;
    private final Map<Integer, Sums> perInstance = new ConcurrentSkipListMap<>();
    private final Set<Integer> lost = ConcurrentHashMap.newKeySet();

    /** @param inWindow whether a step answered now falls in the measurement window (per-instance figures) */
    RemoteDialogService(
            Connections connections, Fencing fencing, RunMetrics metrics, int maxUsers, BooleanSupplier inWindow) {
        this.connections = connections;
        this.fencing = fencing;
        this.metrics = metrics;
        this.sessions = new AtomicReferenceArray<>(maxUsers + 1);
        this.abandons = new AtomicReferenceArray<>(maxUsers + 1);
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

    /** Every instance a step counted as {@code app-server-lost} was attributed to. */
    Set<Integer> lost() {
        return Set.copyOf(lost);
    }

    @Override
    public void logon(int userNo) {
        try {
            tryLogon(userNo, SdStep.LOOP.get(0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A logon's session, or, when there is none, the outcome that says why. */
    private record Logon(Session session, StepResult failure) {}

    /** One attempt; on failure the session stays empty and the next step tries again. */
    private Logon tryLogon(int userNo, SdStep step) throws InterruptedException {
        int instance = 0;
        try {
            Connections.Routed r = connections.route();
            instance = r.number();
            r.client().call(FrameType.LOGON, new AppMessages.User(userNo).encode(), connections.replyTimeout());
            Session s = new Session(r.number(), r.client());
            sessions.set(userNo, s);
            return new Logon(s, null);
        } catch (Connections.Unreachable e) {
            sessions.set(userNo, null);
            return new Logon(null, lost(step, e.instance(), e.getMessage()));
        } catch (WireException e) {
            sessions.set(userNo, null);
            return new Logon(null, logonFailed(step, instance, e));
        }
    }

    /**
     * Why a logon failed, by cause: the message server or the instance refused it (it answered), no
     * answer came in time, the central services are gone; only an instance that cannot be reached is
     * a lost one.
     */
    private StepResult logonFailed(SdStep step, int instance, WireException e) {
        String why = PeerText.escape(e.getMessage(), ERROR_CHARS);
        StepOutcome o;
        if (e instanceof PeerRefused) {
            o = new StepOutcome.InstanceRefused(why);
        } else if (e instanceof NoReply) {
            o = new StepOutcome.Timeout("logon: " + why);
        } else if (instance == 0) {
            o = new StepOutcome.EnqueueUnavailable("logon: " + why);
        } else {
            return lost(step, instance, why);
        }
        return new StepResult(step, o, StepTimes.ZERO, 0);
    }

    @Override
    public StepResult dialogStep(int userNo, SdStep step) throws InterruptedException {
        awaitAbandon(userNo);
        Session s = sessions.get(userNo);
        if (s != null && s.client().isBroken() && !fencing.relogonAllowed(s.instance())) {
            // The old session may still run on an instance that is silent but not yet fenced: no second one meanwhile.
            return lost(
                    step,
                    s.instance(),
                    "app server " + s.instance() + " is not answering; its users log on elsewhere once it is fenced");
        }
        if (s == null || s.client().isBroken()) {
            relogons.increment();
            Session gone = s;
            Logon l = tryLogon(userNo, step);
            if (l.session() == null) {
                return l.failure();
            }
            s = l.session();
            if (step != SdStep.LOOP.get(0)) {
                // The new instance holds a fresh user context: the documents of this loop so far were in
                // the old one. The step is not sent; the user starts its loop over, as a real user would.
                String why = "logged on again to app server " + s.instance() + " mid-loop: the loop starts over";
                return gone != null
                        ? lost(step, gone.instance(), "app server " + gone.instance() + " lost; " + why)
                        : new StepResult(
                                step,
                                new StepOutcome.Skipped("the session was dropped after a failed step; " + why),
                                StepTimes.ZERO,
                                0);
            }
        }
        var reply = s.client().send(FrameType.STEP, new AppMessages.Step(userNo, step).encode());
        try {
            return answered(
                    userNo,
                    s,
                    step,
                    ReplyWait.shared().get(reply, connections.replyTimeout().toNanos()));
        } catch (ExecutionException | TimeoutException e) {
            reply.cancel(false);
            return failed(userNo, s, step, e instanceof ExecutionException ? e.getCause() : e);
        }
    }

    /**
     * A step of a logged-on user on a live connection goes out from the caller's thread and its
     * answer is handled on the connection's reader thread: no thread of the user's is started, parked
     * or woken for it (in three-tier these were most of the driver's CPU per step). The write can
     * block the caller only when the app server stopped reading and the socket's buffers are full,
     * which takes thousands of unanswered steps (each user has one in flight, of a few dozen bytes),
     * and then at most the wire's write bound, after which the connection is closed. Anything that
     * may wait (a log-on, a fence, an unanswered abandon) is left to {@link #dialogStep} on a thread.
     */
    @Override
    public boolean sendStep(int userNo, SdStep step, Consumer<StepResult> answer) {
        Session s = sessions.get(userNo);
        if (s == null || s.client().isBroken() || abandons.get(userNo) != null) {
            return false;
        }
        var reply = s.client().send(FrameType.STEP, new AppMessages.Step(userNo, step).encode());
        ReplyWait.shared().watch(reply, connections.replyTimeout().toNanos());
        reply.whenComplete((f, e) -> {
            StepResult r;
            try {
                r = f != null ? answered(userNo, s, step, f) : failed(userNo, s, step, e);
            } catch (RuntimeException undecodable) {
                sessions.compareAndSet(userNo, s, null);
                r = refused(step, "app server " + s.instance() + ": " + undecodable.getMessage());
            }
            answer.accept(r);
        });
        return true;
    }

    /** The step's answer frame: its result, or the instance's refusal (the session is then dropped). */
    private StepResult answered(int userNo, Session s, SdStep step, Frame f) {
        if (f.type() != FrameType.STEP_RESULT) {
            sessions.compareAndSet(userNo, s, null);
            return refused(
                    step,
                    "app server " + s.instance() + ": "
                            + PeerText.escape(Control.Error.decode(f.body()).message(), ERROR_CHARS));
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
    }

    /**
     * No answer: the bound passed (a timeout: the session is dropped and the user logs on again at its
     * next step), or the connection broke (a lost instance: the session stays, broken, so that its
     * next step waits for the fence).
     */
    private StepResult failed(int userNo, Session s, SdStep step, Throwable cause) {
        if (cause instanceof TimeoutException || ReplyWait.isOverdue(cause)) {
            sessions.compareAndSet(userNo, s, null);
            return new StepResult(
                    step,
                    new StepOutcome.Timeout(
                            "no answer from app server " + s.instance() + " within appServer.replyTimeout ("
                                    + connections.replyTimeout().toSeconds() + " s)"),
                    StepTimes.ZERO,
                    0);
        }
        if (!s.client().isBroken()) {
            sessions.compareAndSet(userNo, s, null);
        }
        String why = String.valueOf((cause instanceof CompletionException c ? c.getCause() : cause).getMessage());
        return lost(step, s.instance(), "app server " + s.instance() + ": " + why);
    }

    /** The user's instance is lost, and the run's report lists it among the lost ones. */
    private StepResult lost(SdStep step, int instance, String why) {
        lost.add(instance);
        return new StepResult(step, new StepOutcome.InstanceLost(why), StepTimes.ZERO, 0);
    }

    private static StepResult refused(SdStep step, String why) {
        return new StepResult(step, new StepOutcome.InstanceRefused(why), StepTimes.ZERO, 0);
    }

    /**
     * Sent without waiting: it may come from a reader thread finishing a failed step, which must not
     * wait for a reply only it can read. The user's next request waits for its answer instead
     * ({@link #awaitAbandon}): the app server handles control frames concurrently, so a step or a
     * log-off sent before the abandon is done could overtake it.
     */
    @Override
    public void abandonLoop(int userNo) {
        Session s = sessions.get(userNo);
        if (s == null || s.client().isBroken()) {
            return;
        }
        Abandon a = new Abandon(s, s.client().send(FrameType.ABANDON, new AppMessages.User(userNo).encode()));
        abandons.set(userNo, a);
        ReplyWait.shared().watch(a.reply(), connections.replyTimeout().toNanos());
        a.reply().whenComplete((f, e) -> settle(userNo, a));
    }

    /** Waits (bounded) for the user's abandon still unanswered, if any. */
    private void awaitAbandon(int userNo) throws InterruptedException {
        Abandon a = abandons.get(userNo);
        if (a == null) {
            return;
        }
        try {
            ReplyWait.shared().get(a.reply(), connections.replyTimeout().toNanos());
        } catch (ExecutionException | TimeoutException e) {
            // Settled below: the reply is complete either way (a passed bound completes it exceptionally).
        }
        settle(userNo, a);
    }

    /** Once an abandon is answered: a failed or refused one drops the session, as a failed step does. */
    private void settle(int userNo, Abandon a) {
        CompletableFuture<Frame> reply = a.reply();
        if (reply.isCompletedExceptionally() || reply.join().type() != FrameType.OK) {
            sessions.compareAndSet(userNo, a.session(), null);
        }
        abandons.compareAndSet(userNo, a, null);
    }

    @Override
    public void logoff(int userNo) {
        try {
            awaitAbandon(userNo);
            Session s = sessions.get(userNo);
            if (s != null && !s.client().isBroken()) {
                s.client().call(FrameType.LOGOFF, new AppMessages.User(userNo).encode(), connections.replyTimeout());
            }
        } catch (WireException e) {
            // The instance is gone or refused: the session is dropped below either way.
        } catch (InterruptedException e) {
            // A stopping driver: the app server drops the context when it stops.
            Thread.currentThread().interrupt();
        } finally {
            sessions.set(userNo, null);
        }
    }
}
