package org.sdbench.apptier.instance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import org.sdbench.apptier.central.EnqueueServer;
import org.sdbench.apptier.instance.session.UserSession;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.apptier.instance.workprocess.DbOutageException;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.core.Clock;
import org.sdbench.core.SdStep;
import org.sdbench.database.Database;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.ReplyWait;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.protocol.UpdateListener;
import org.sdbench.protocol.enqueue.Enqueue;

/**
 * The SAP system of a two-tier run: its app-server instances in this process, one enqueue server
 * (one lock table per system) and the message server's round-robin logon group.
 */
public final class AppServerSystem implements DialogService, AutoCloseable {
    /** How long a stopping user still waits for the answer to the step it is in. */
    private static final long STOP_GRACE_NANOS = 5_000_000_000L;

    private final List<AppServerInstance> instances = new ArrayList<>();
    private final Enqueue enqueue;
    private final StepHandler handler;
    private final AtomicInteger roundRobin = new AtomicInteger();
    private final AtomicReferenceArray<UserSession> users;
    private final long seed;
    private final int firstNumber;
    private final long replyTimeoutNanos;
    /** The run served now: the lock owners of its sessions and update requests name it. */
    private volatile String run;

    public AppServerSystem(
            AppServerConfig config,
            WorkloadConfig workload,
            Database db,
            StepHandler handler,
            Map<String, UpdateModule> modules,
            UpdateListener updates,
            Clock clock,
            int maxUsers,
            long seed) {
        this(config, workload, db, handler, modules, updates, clock, maxUsers, seed, new EnqueueServer(clock), 1);
    }

    /**
     * One instance or more with the given enqueue server and instance numbers from {@code firstNumber}:
     * an {@code sdbench appserver} process is one instance of a system whose enqueue server is remote.
     */
    public AppServerSystem(
            AppServerConfig config,
            WorkloadConfig workload,
            Database db,
            StepHandler handler,
            Map<String, UpdateModule> modules,
            UpdateListener updates,
            Clock clock,
            int maxUsers,
            long seed,
            Enqueue enqueue,
            int firstNumber) {
        this.enqueue = enqueue;
        this.firstNumber = firstNumber;
        this.handler = handler;
        this.users = new AtomicReferenceArray<>(maxUsers + 1);
        this.seed = seed;
        this.replyTimeoutNanos = config.replyTimeout().toNanos();
        for (int i = firstNumber; i < firstNumber + config.instances(); i++) {
            instances.add(new AppServerInstance(i, config, workload, db, enqueue, handler, modules, updates, clock));
        }
        beginRun(RunIdentity.freshId());
    }

    /** Serves run {@code id} from now on: the sessions logged on and the saves made next are its own. */
    public void beginRun(String id) {
        run = id;
        instances.forEach(i -> i.updateTask().run(id));
    }

    /** The id of the run served now. */
    public String run() {
        return run;
    }

    /** Starts every instance; returns how many update requests left by an earlier crash were queued. */
    public int start() throws InterruptedException {
        int recovered = 0;
        for (AppServerInstance i : instances) {
            recovered += i.start();
        }
        return recovered;
    }

    public List<AppServerInstance> instances() {
        return instances;
    }

    public Enqueue enqueue() {
        return enqueue;
    }

    @Override
    public void logon(int userNo) {
        int instance = Math.floorMod(roundRobin.getAndIncrement(), instances.size()) + firstNumber;
        // Users log on from their own threads in no fixed order, so each user's stream is derived
        // from the run seed and the user number alone: the same seed gives every user the same choices.
        SplittableRandom r = new SplittableRandom(seed ^ (userNo * 0x9E37_79B9_7F4A_7C15L));
        byte[] context = instance(instance).newUserContext();
        release(users.getAndSet(
                userNo, new UserSession(userNo, instance, run, context, r, handler.newUserState(userNo))));
    }

    private AppServerInstance instance(int number) {
        return instances.get(number - firstNumber);
    }

    private void release(UserSession u) {
        if (u != null) {
            instance(u.instance()).releaseUserContext();
        }
    }

    /** Every instance's totals so far. */
    public List<InstanceFigures> figures() {
        return instances.stream().map(AppServerInstance::figures).toList();
    }

    /** Queues the step at the user's instance; the future completes when a work process answered. */
    public CompletableFuture<StepResult> dispatch(int userNo, SdStep step) {
        UserSession u = users.get(userNo);
        if (u == null) {
            throw new IllegalStateException("user " + userNo + " is not logged on to this system");
        }
        CompletableFuture<StepResult> reply = new CompletableFuture<>();
        instance(u.instance()).dispatch(u, step, reply);
        return reply;
    }

    @Override
    public StepResult dialogStep(int userNo, SdStep step) throws InterruptedException {
        CompletableFuture<StepResult> reply = dispatch(userNo, step);
        try {
            return ReplyWait.shared().get(reply, replyTimeoutNanos);
        } catch (InterruptedException stop) {
            return answerDespiteStop(reply, stop);
        } catch (ExecutionException e) {
            throw new IllegalStateException("work process failed on " + step.label(), e.getCause());
        } catch (TimeoutException e) {
            // A safety net: work processes always answer, but a user must never wait for one that is gone.
            reply.cancel(false);
            return new StepResult(
                    step,
                    new StepOutcome.Timeout("no answer from a work process within appServer.replyTimeout"),
                    StepTimes.ZERO,
                    0);
        }
    }

    /** The step only enters a dispatcher queue of this process; its work process answers. */
    @Override
    public boolean sendStep(int userNo, SdStep step, Consumer<StepResult> answer) {
        if (!enqueue.isLocal()) {
            // A remote enqueue server (an app-server process) would make abandonLoop wait for the network.
            return false;
        }
        CompletableFuture<StepResult> reply = dispatch(userNo, step);
        ReplyWait.shared().watch(reply, replyTimeoutNanos);
        reply.whenComplete((r, e) -> answer.accept(r != null ? r : unanswered(step, e)));
        return true;
    }

    private static StepResult unanswered(SdStep step, Throwable e) {
        StepOutcome o = ReplyWait.isOverdue(e)
                ? new StepOutcome.Timeout("no answer from a work process within appServer.replyTimeout")
                : new StepOutcome.DbError("bug", String.valueOf(e));
        return new StepResult(step, o, StepTimes.ZERO, 0);
    }

    /**
     * The run is stopping (Ctrl-C, database outage) while this user's step is in a work process,
     * which answers within moments: wait a little for that answer so the step is counted (a
     * timeout during an outage is exactly what the report must show), then pass the stop on.
     */
    private static StepResult answerDespiteStop(CompletableFuture<StepResult> reply, InterruptedException stop)
            throws InterruptedException {
        long deadline = System.nanoTime() + STOP_GRACE_NANOS;
        while (true) {
            try {
                StepResult r = reply.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                Thread.currentThread().interrupt();
                return r;
            } catch (InterruptedException again) {
                // Still stopping; the bound below ends this.
            } catch (ExecutionException | TimeoutException e) {
                throw stop;
            }
            if (System.nanoTime() >= deadline) {
                throw stop;
            }
        }
    }

    @Override
    public void abandonLoop(int userNo) {
        UserSession u = users.get(userNo);
        enqueue.releaseAll(u.owner());
        handler.abandonLoop(u.rawState());
    }

    @Override
    public void logoff(int userNo) {
        UserSession u = users.getAndSet(userNo, null);
        if (u != null) {
            enqueue.releaseAll(u.owner());
            release(u);
        }
    }

    /**
     * Calls {@code listener} once when an instance declares the database gone for longer than
     * database.timeouts.maxOutage (the run must end, exit 3).
     */
    public void onOutage(Consumer<DbOutageException> listener) {
        AtomicBoolean once = new AtomicBoolean();
        for (AppServerInstance i : instances) {
            i.sessions().onOutage(e -> {
                if (once.compareAndSet(false, true)) {
                    listener.accept(e);
                }
            });
        }
    }

    /** The first declared database outage, or null. */
    public DbOutageException outage() {
        return instances.stream()
                .map(i -> i.sessions().outage())
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
    }

    /** Stops the instances; true when every update request was processed within the timeout. */
    public boolean stop(Duration drainTimeout) throws InterruptedException {
        boolean drained = true;
        for (AppServerInstance i : instances) {
            drained &= i.stop(drainTimeout);
        }
        return drained;
    }

    @Override
    public void close() {
        instances.forEach(AppServerInstance::close);
    }
}
