package org.sdbench.driver;

import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One benchmark user: log on at its ramp-up slot, then loops of the 15 dialog steps with think time
 * after every answer until the run ends. The user runs in turns: {@link #turn()}, on a virtual
 * thread of its own, logs on or runs the next step and says when the user is due again; a plain
 * step of a service that answers asynchronously goes out with {@link #sendStep} instead, without a
 * thread. In between, the user is only an entry in the {@link ThinkTimer}, holding no thread and
 * no stack.
 *
 * <p>A failed step abandons the rest of the loop (its documents could not be built on) but never
 * the user: as a real user would, it thinks and starts over at VA01, so a failure sheds no load.
 * The failed step is recorded with its response time and counted by kind.
 */
final class VirtualUser {
    /** {@link #turn()}'s answer when the user has ended (logged off, or never logged on). */
    static final long DONE = Long.MIN_VALUE;

    private static final Logger LOG = LoggerFactory.getLogger(VirtualUser.class);

    private final int userNo;
    private final Crowd crowd;
    private final SplittableRandom random;
    /** When the next step should start: its think time ends. The think-time lag is measured from here. */
    private long next;
    /** When the timer wakes the user: {@link #next}, or the end of the run if that comes first. */
    private long due;

    private int stepIndex;
    private boolean loggedOn;
    /** A step sent without a thread could not be sent or finished (a bug): the next turn logs the user off. */
    private boolean broken;
    /** The thread of the turn in progress, so that a stopping driver can interrupt it. */
    private volatile Thread running;

    VirtualUser(int userNo, Crowd crowd, SplittableRandom random) {
        this.userNo = userNo;
        this.crowd = crowd;
        this.random = random;
        this.due = crowd.phases().logonAt(userNo);
    }

    int userNo() {
        return userNo;
    }

    /** When the user wants its next turn; fixed while it waits in the timer (the timer's order). */
    long due() {
        return due;
    }

    /**
     * Runs the user's turn on the calling thread: its log-on and first step, or its next step, or
     * its log-off when the run ended or is stopping. Returns when the next turn is due, or
     * {@link #DONE}. Called only when {@link #due()} has come, never concurrently.
     */
    long turn() {
        running = Thread.currentThread();
        try {
            if (!loggedOn) {
                if (crowd.stopRequested().getAsBoolean()) {
                    return DONE;
                }
                crowd.service().logon(userNo);
                crowd.loggedOn().incrementAndGet();
                loggedOn = true;
                next = crowd.clock().nanoTime();
            }
            long d = DONE;
            try {
                d = broken ? DONE : step();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                if (d == DONE) {
                    crowd.service().logoff(userNo);
                    crowd.loggedOn().decrementAndGet();
                }
            }
            due = d;
            return d;
        } finally {
            running = null;
        }
    }

    /** Interrupts the turn in progress, if any (a stopping run: only a wait for an answer is left). */
    void interrupt() {
        Thread t = running;
        if (t != null) {
            t.interrupt();
        }
    }

    private long step() throws InterruptedException {
        long start = startable();
        if (start < 0) {
            return DONE;
        }
        crowd.metrics().recordThinkLag(Math.max(0, start - next));
        StepResult r = crowd.service().dialogStep(userNo, SdStep.LOOP.get(stepIndex));
        return finish(r, start);
    }

    /**
     * Sends the next step without a thread of its own where nothing about it can block: the user
     * is logged on, the run goes on, and the service answers asynchronously (both layouts). The answer
     * then finishes the turn on the thread that delivers it, and {@code then} puts the user back in
     * line; no virtual thread is started or woken for the step. False, having sent and recorded
     * nothing, when the turn needs a thread ({@link #turn()}): log-on, log-off, or a service that
     * cannot.
     */
    boolean sendStep(Consumer<VirtualUser> then) {
        if (!loggedOn || broken) {
            return false;
        }
        long start = startable();
        if (start < 0) {
            return false;
        }
        // Taken before sending: the answer may finish the turn (and move next on) before sendStep returns.
        long lag = Math.max(0, start - next);
        boolean sent;
        try {
            sent = crowd.service().sendStep(userNo, SdStep.LOOP.get(stepIndex), r -> {
                try {
                    due = finish(r, start);
                } catch (RuntimeException | Error e) {
                    // A bug: as on a thread of its own, the user logs off (in its next turn, which may block).
                    LOG.warn(
                            "user {}: step {} could not be finished",
                            userNo,
                            r.step().label(),
                            e);
                    broken = true;
                    due = crowd.clock().nanoTime();
                }
                then.accept(this);
            });
        } catch (RuntimeException e) {
            // Nothing was sent (the queue refused the step): the timer thread must go on for everyone else,
            // and this user logs off in a turn of its own, as one whose step threw on its thread does.
            LOG.warn(
                    "user {}: step {} could not be sent",
                    userNo,
                    SdStep.LOOP.get(stepIndex).label(),
                    e);
            broken = true;
            return false;
        }
        if (sent) {
            crowd.metrics().recordThinkLag(lag);
        }
        return sent;
    }

    /** When the step starts; -1 when the run has ended or is stopping. */
    private long startable() {
        long start = crowd.clock().nanoTime();
        return start >= crowd.phases().end() || crowd.stopRequested().getAsBoolean() ? -1 : start;
    }

    /** Records the answer, moves the loop on (or abandons it) and says when the user is due again. */
    private long finish(StepResult r, long start) {
        long end = crowd.clock().nanoTime();
        crowd.metrics().record(r, end - start);
        next = end + crowd.think().next(random);
        if (r.outcome().ok()) {
            stepIndex = (stepIndex + 1) % SdStep.LOOP.size();
        } else {
            crowd.service().abandonLoop(userNo);
            stepIndex = 0;
        }
        // Wake at the end of the run at the latest, so a user in a long think time does not delay it.
        return Math.min(next, crowd.phases().end());
    }
}
