package org.sdbench.driver;

import java.util.SplittableRandom;
import org.sdbench.protocol.SdStep;
import org.sdbench.protocol.StepResult;

/**
 * One benchmark user: log on at its ramp-up slot, then loops of the 15 dialog steps with think time
 * after every answer until the run ends. The user runs in turns, each on a virtual thread of its
 * own: {@link #turn()} logs on or runs the next step and says when the user is due again; in
 * between, the user is only an entry in the {@link ThinkTimer}, holding no thread and no stack.
 *
 * <p>A failed step abandons the rest of the loop (its documents could not be built on) but never
 * the user: as a real user would, it thinks and starts over at VA01, so a failure sheds no load.
 * The failed step is recorded with its response time and counted by kind.
 */
final class VirtualUser {
    /** {@link #turn()}'s answer when the user has ended (logged off, or never logged on). */
    static final long DONE = Long.MIN_VALUE;

    private final int userNo;
    private final Crowd crowd;
    private final SplittableRandom random;
    /** When the next step should start: its think time ends. The think-time lag is measured from here. */
    private long next;
    /** When the timer wakes the user: {@link #next}, or the end of the run if that comes first. */
    private long due;
    private int stepIndex;
    private boolean loggedOn;
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
                d = step();
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
        Phases phases = crowd.phases();
        long start = crowd.clock().nanoTime();
        if (start >= phases.end() || crowd.stopRequested().getAsBoolean()) {
            return DONE;
        }
        crowd.metrics().recordThinkLag(Math.max(0, start - next));
        StepResult r = crowd.service().dialogStep(userNo, SdStep.LOOP.get(stepIndex));
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
        return Math.min(next, phases.end());
    }
}
