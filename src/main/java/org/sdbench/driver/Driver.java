package org.sdbench.driver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.sdbench.core.Clock;
import org.sdbench.measure.metrics.Interval;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.StepOutcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The presentation tier: the users (the think times in one {@link ThinkTimer}, a plain two-tier
 * step sent from it and finished by its answer, any turn that may block on a virtual thread of its
 * own), and a reporter that harvests the metrics at
 * every interval tick and at the phase boundaries, so that only the measurement window counts.
 */
public final class Driver {
    private final DialogService service;
    private final RunMetrics metrics;
    private final Clock clock;
    private final Phases phases;
    private final ThinkTime think;
    private final long seed;
    private final long intervalNanos;
    private final long stepBoundNanos;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicInteger loggedOn = new AtomicInteger();
    private final InFlightSteps inFlight;
    private volatile int unanswered;
    private final List<Interval> intervals = new ArrayList<>();
    private volatile Thread reporter;

    private static final Logger LOG = LoggerFactory.getLogger(Driver.class);
    /** After the stop interrupt, how long a user may take to notice it (it only has to leave a wait). */
    private static final long INTERRUPT_GRACE_NANOS = 5_000_000_000L;

    /**
     * @param stepBound how long after the scheduled end the run waits for steps still running (the
     *                  run's drain); steps still unanswered then count as timeouts
     */
    public Driver(
            DialogService service,
            RunMetrics metrics,
            Clock clock,
            Phases phases,
            ThinkTime think,
            long seed,
            long intervalNanos,
            Duration stepBound) {
        this.inFlight = new InFlightSteps(service, clock);
        this.service = inFlight;
        this.metrics = metrics;
        this.clock = clock;
        this.phases = phases;
        this.think = think;
        this.seed = seed;
        this.intervalNanos = intervalNanos;
        this.stepBoundNanos = stepBound.toNanos();
    }

    /** Users currently logged on. */
    public int loggedOn() {
        return loggedOn.get();
    }

    public Phases phases() {
        return phases;
    }

    /** Ends the run early (Ctrl-C): users stop after their current step; the window so far is reported. */
    public void requestStop() {
        stop.set(true);
        Thread r = reporter;
        if (r != null) {
            r.interrupt();
        }
    }

    public boolean stopped() {
        return stop.get();
    }

    /** Steps the run stopped waiting for at its end (each counted as a timeout); 0 when all answered. */
    public int unanswered() {
        return unanswered;
    }

    /**
     * Runs all phases and returns the harvested intervals; {@code onInterval} sees each one as it
     * is made (live progress). Blocks until every user has finished.
     */
    public List<Interval> run(Consumer<Interval> onInterval) throws InterruptedException {
        SplittableRandom root = new SplittableRandom(seed ^ 0x5DBE_7C11L);
        Crowd crowd = new Crowd(service, metrics, clock, phases, think, loggedOn, stop::get);
        VirtualUser[] users = new VirtualUser[phases.users()];
        CountDownLatch ended = new CountDownLatch(users.length);
        ThreadFactory turns = Thread.ofVirtual().factory();
        ThinkTimer timer = new ThinkTimer(clock, r -> turns.newThread(r).start(), ended::countDown);
        for (int u = 1; u <= users.length; u++) {
            users[u - 1] = new VirtualUser(u, crowd, root.split());
            timer.schedule(users[u - 1]);
        }
        Thread.ofPlatform().name("think-timer").daemon().start(timer);
        reporter = Thread.currentThread();
        try {
            if (!stop.get()) {
                harvestUntilEnd(onInterval);
            }
        } catch (InterruptedException e) {
            if (!stop.get()) {
                timer.close();
                throw e;
            }
        } finally {
            reporter = null;
        }
        try {
            awaitUsers(users, ended, timer);
        } finally {
            // A daemon that ends within moments once closed: nothing to wait for.
            timer.close();
        }
        if (stop.get()) {
            // requestStop() interrupts this thread to cut the reporter's sleep short; that interrupt
            // was the stop signal itself, consumed here, not a request to abandon the report.
            Thread.interrupted();
        }
        Interval last = metrics.interval(phases.phaseAt(clock.nanoTime()) == Phases.Phase.MEASUREMENT);
        intervals.add(last);
        onInterval.accept(last);
        return List.copyOf(intervals);
    }

    /**
     * Waits for every user to end: at the end of the run each finishes its current step, which is
     * bounded by the reply timeout, and the thinking ones are woken to log off. On a stop, or past
     * that bound, the turns still waiting for an answer are interrupted; a user that ignores even
     * that is left behind (virtual threads do not keep the JVM alive) and logged.
     */
    private void awaitUsers(VirtualUser[] users, CountDownLatch ended, ThinkTimer timer) throws InterruptedException {
        long deadline = Math.max(clock.nanoTime(), phases.end()) + stepBoundNanos;
        boolean interrupted = false;
        boolean pastBound = false;
        while (ended.getCount() > 0) {
            long now = clock.nanoTime();
            if ((stop.get() || now >= deadline) && !interrupted) {
                pastBound = !stop.get();
                timer.drain();
                for (VirtualUser u : users) {
                    u.interrupt();
                }
                interrupted = true;
                deadline = Math.max(deadline, now) + INTERRUPT_GRACE_NANOS;
            } else if (interrupted && now >= deadline) {
                giveUp(ended.getCount());
                return;
            }
            try {
                ended.await(Math.max(1_000_000L, Math.min(deadline - now, 1_000_000_000L)), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                if (!stop.get()) {
                    throw e;
                }
            }
        }
        if (pastBound) {
            countUnanswered(inFlight.abandonAll());
        } else {
            // A stop (Ctrl-C, a lost database) cut the waits short on purpose: those steps were not late.
            inFlight.abandonAll();
        }
    }

    /**
     * Counts the steps still waiting as timeouts of the window they were sent in, so a stalled
     * database shows in the report instead of holding the run until its socket timeout.
     */
    private void giveUp(long users) {
        var steps = inFlight.abandonAll();
        countUnanswered(steps);
        LOG.warn(
                "{} users did not end within the run's drain; {} steps still unanswered counted as timeouts",
                users,
                steps.size());
    }

    /**
     * Steps whose wait the drain's bound cut short (a user blocked on a remote answer leaves its
     * wait when interrupted) or that never ended: timeouts of the window they were sent in.
     */
    private void countUnanswered(List<InFlightSteps.Pending> steps) {
        for (var p : steps) {
            boolean inWindow = phases.phaseAt(p.sentNanos()) == Phases.Phase.MEASUREMENT;
            metrics.recordUnanswered(
                    p.step(), new StepOutcome.Timeout("no answer by the end of the run's drain"), inWindow);
        }
        unanswered += steps.size();
    }

    /**
     * A step sent before the window and still unanswered at its end blocked the whole window (a
     * database that stalled during the ramp-up): it counts in the window, as a timeout with the time
     * it waited so far, and its user is named in the summary. An answer that still comes falls after
     * the window, and the drain counts only steps sent in the window, so it is counted once.
     */
    private void countStuck() {
        for (var p : inFlight.sentBefore(phases.windowStart())) {
            metrics.recordStuck(p.userNo(), p.step(), phases.windowEnd() - p.sentNanos());
        }
    }

    private void harvestUntilEnd(Consumer<Interval> onInterval) throws InterruptedException {
        long next = phases.startNanos() + intervalNanos;
        // From the last boundary harvested, not from now: a reporter that runs late (a loaded host)
        // still harvests every phase boundary it slept past, so the window is never skipped.
        long last = phases.startNanos();
        while (!stop.get()) {
            long boundary = phases.nextBoundary(last, next);
            last = boundary;
            clock.sleepUntil(boundary);
            if (stop.get()) {
                return;
            }
            // The span just ended belongs to the phase that was current just before the boundary.
            boolean inWindow = phases.phaseAt(boundary - 1) == Phases.Phase.MEASUREMENT;
            if (inWindow && boundary == phases.windowEnd()) {
                countStuck();
            }
            Interval i = metrics.interval(inWindow);
            intervals.add(i);
            onInterval.accept(i);
            if (boundary >= phases.end()) {
                return;
            }
            if (boundary == next) {
                next += intervalNanos;
            }
        }
    }
}
