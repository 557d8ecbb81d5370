package org.sdbench.driver;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.sdbench.core.Clock;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.StepResult;

/**
 * The steps sent and not yet answered, per user: when the run stops waiting for them (a stalled
 * database or app server past the drain), each is counted as a timeout instead of vanishing.
 */
final class InFlightSteps implements DialogService {
    /** One step of a user still waiting for its answer. */
    record Pending(int userNo, SdStep step, long sentNanos) {}

    private final DialogService service;
    private final Clock clock;
    private final Map<Integer, Pending> pending = new ConcurrentHashMap<>();

    InFlightSteps(DialogService service, Clock clock) {
        this.service = service;
        this.clock = clock;
    }

    @Override
    public void logon(int userNo) {
        service.logon(userNo);
    }

    @Override
    public StepResult dialogStep(int userNo, SdStep step) throws InterruptedException {
        Pending p = new Pending(userNo, step, clock.nanoTime());
        pending.put(userNo, p);
        try {
            StepResult r = service.dialogStep(userNo, step);
            pending.remove(userNo, p);
            return r;
        } catch (InterruptedException e) {
            // The driver stopped waiting for this answer: the step stays pending, for the driver to count.
            throw e;
        } catch (RuntimeException | Error e) {
            pending.remove(userNo, p);
            throw e;
        }
    }

    @Override
    public boolean sendStep(int userNo, SdStep step, Consumer<StepResult> answer) {
        Pending p = new Pending(userNo, step, clock.nanoTime());
        pending.put(userNo, p);
        boolean sent = service.sendStep(userNo, step, r -> {
            pending.remove(userNo, p);
            answer.accept(r);
        });
        if (!sent) {
            pending.remove(userNo, p);
        }
        return sent;
    }

    @Override
    public void abandonLoop(int userNo) {
        service.abandonLoop(userNo);
    }

    @Override
    public void logoff(int userNo) {
        service.logoff(userNo);
    }

    /** The steps sent before {@code nanos} and still waiting, by user; they stay pending. */
    List<Pending> sentBefore(long nanos) {
        return pending.values().stream()
                .filter(p -> p.sentNanos() < nanos)
                .sorted(Comparator.comparingInt(Pending::userNo))
                .toList();
    }

    /** Takes every step still waiting: from now on the run no longer waits for them. */
    List<Pending> abandonAll() {
        List<Pending> all = new ArrayList<>();
        for (var key : List.copyOf(pending.keySet())) {
            Pending p = pending.remove(key);
            if (p != null) {
                all.add(p);
            }
        }
        return all;
    }
}
