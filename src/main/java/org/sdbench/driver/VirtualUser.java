package org.sdbench.driver;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.StepResult;
import org.sdbench.metrics.Clock;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.protocol.SdStep;

/**
 * One benchmark user on its own virtual thread: log on at its ramp-up slot, then run loops of the
 * 15 dialog steps with think time after every answer until the run ends. A failed step abandons
 * the rest of the loop (its documents could not be built on) but never the user: as a real user
 * would, it thinks and starts over at VA01, so a failure sheds no load. The failed step is recorded
 * with its response time and counted by kind.
 */
final class VirtualUser implements Runnable {
    private final int userNo;
    private final DialogService service;
    private final RunMetrics metrics;
    private final Clock clock;
    private final Phases phases;
    private final ThinkTime think;
    private final SplittableRandom random;
    private final AtomicInteger loggedOn;
    private final java.util.function.BooleanSupplier stopRequested;

    VirtualUser(int userNo, DialogService service, RunMetrics metrics, Clock clock, Phases phases, ThinkTime think,
                SplittableRandom random, AtomicInteger loggedOn, java.util.function.BooleanSupplier stopRequested) {
        this.userNo = userNo;
        this.service = service;
        this.metrics = metrics;
        this.clock = clock;
        this.phases = phases;
        this.think = think;
        this.random = random;
        this.loggedOn = loggedOn;
        this.stopRequested = stopRequested;
    }

    @Override
    public void run() {
        try {
            clock.sleepUntil(phases.logonAt(userNo));
            if (stopRequested.getAsBoolean()) {
                return;
            }
            service.logon(userNo);
            loggedOn.incrementAndGet();
            try {
                loops(clock.nanoTime());
            } finally {
                service.logoff(userNo);
                loggedOn.decrementAndGet();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void loops(long next) throws InterruptedException {
        while (true) {
            for (SdStep step : SdStep.LOOP) {
                // Wake at the end of the run at the latest, so a user in a long think time does not delay it.
                clock.sleepUntil(Math.min(next, phases.end()));
                long start = clock.nanoTime();
                if (start >= phases.end() || stopRequested.getAsBoolean()) {
                    return;
                }
                metrics.recordThinkLag(Math.max(0, start - next));
                StepResult r = service.dialogStep(userNo, step);
                long end = clock.nanoTime();
                metrics.record(r, end - start);
                next = end + think.next(random);
                if (!r.outcome().ok()) {
                    service.abandonLoop(userNo);
                    break;
                }
            }
        }
    }
}
