package org.sdbench.apptier.instance;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.sdbench.apptier.instance.dispatcher.DialogRequest;
import org.sdbench.apptier.instance.dispatcher.Dispatcher;
import org.sdbench.apptier.instance.numberrange.NumberRanges;
import org.sdbench.apptier.instance.session.UserSession;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.apptier.instance.update.UpdateTask;
import org.sdbench.apptier.instance.update.UpdateTaskOptions;
import org.sdbench.apptier.instance.workprocess.DialogWorkProcess;
import org.sdbench.apptier.instance.workprocess.RollArea;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.apptier.instance.workprocess.WorkProcessSupervisor;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.ConfigException;
import org.sdbench.config.WorkUnits;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.core.SdStep;
import org.sdbench.database.Database;
import org.sdbench.database.DbSession;
import org.sdbench.database.RoundTripCounter;
import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.UpdateListener;
import org.sdbench.protocol.enqueue.Enqueue;

/**
 * One simulated SAP application-server instance: dispatcher, dialog and update work processes,
 * number-range buffers and table buffer, on one HikariCP pool sized to its work processes.
 */
public final class AppServerInstance implements AutoCloseable {
    private final int number;
    private final AppServerConfig config;
    private final WorkloadConfig workload;
    private final CountedEnqueue enqueue;
    private final Clock clock;
    private final HikariDataSource pool;
    private final SessionSource sessions;
    private final NumberRanges numberRanges;
    private final TableBuffer tableBuffer;
    private final BufferSync bufferSync;
    private final UpdateTask updateTask;
    private final Dispatcher dispatcher = new Dispatcher();
    private final WorkProcessSupervisor dialogProcesses;
    private final LongAdder retried = new LongAdder();
    /** This instance's sessions' round trips, apart from other instances in the same process. */
    private final RoundTripCounter roundTrips = new RoundTripCounter();

    private final AtomicInteger contextsInUse = new AtomicInteger();
    private final AtomicLong contextsPeak = new AtomicLong();
    /** The application name of this instance's DB sessions: what a fence ends when this process is declared dead. */
    private final String holder;

    AppServerInstance(
            int number,
            AppServerConfig config,
            WorkloadConfig workload,
            Database db,
            Enqueue enqueue,
            StepHandler handler,
            Map<String, UpdateModule> modules,
            UpdateListener updates,
            Clock clock) {
        this.number = number;
        this.config = config;
        this.workload = workload;
        this.enqueue = new CountedEnqueue(enqueue, clock);
        this.clock = clock;
        this.holder = holderName(number);
        this.pool = db.pool("sdbench-instance-" + number, config.connectionsPerInstance(), holder);
        this.sessions = new SessionSource(
                pool, db.dialect(), clock, db.config().timeouts().maxOutage(), roundTrips);
        this.numberRanges = new NumberRanges(pool, workload.numberRangeBuffers(), clock);
        this.tableBuffer = new TableBuffer(config.tableBufferEntries());
        this.bufferSync = new BufferSync(tableBuffer, clock, config.tableBufferSync());
        this.updateTask = new UpdateTask(
                number,
                config.updateWorkProcesses(),
                sessions,
                modules,
                this.enqueue,
                updates,
                clock,
                config.dbRetries(),
                UpdateTaskOptions.withWork(moduleWork(workload, modules.keySet())));
        this.dialogProcesses = new WorkProcessSupervisor(
                "dia-" + number + "-",
                slot -> new DialogWorkProcess(
                        dispatcher,
                        sessions,
                        new RollArea(config.userContextBytes(), clock),
                        new StepExecutor(handler, new StepContext(this, clock), this, config.dbRetries(), retried),
                        clock));
    }

    /** The configured work of every update module; a workload naming a module that does not exist is refused. */
    static Map<String, WorkUnits> moduleWork(WorkloadConfig w, Set<String> known) {
        for (String name : w.updateWork().keySet()) {
            if (!known.contains(name)) {
                throw new ConfigException("'workload.updateWork." + name + "' is not allowed: " + "update modules are "
                        + new TreeSet<>(known));
            }
        }
        Map<String, WorkUnits> m = new HashMap<>();
        known.forEach(name -> m.put(name, w.updateWorkOf(name)));
        return m;
    }

    /** Unique per process and instance, within PostgreSQL's 63 bytes: number, pid and a random tag. */
    private static String holderName(int number) {
        return "sdbench i" + number + " pid " + ProcessHandle.current().pid() + " "
                + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16);
    }

    /**
     * Takes the instance number's lease (fencing an earlier process of that number), processes the
     * update requests a crashed predecessor left behind, then starts the work processes.
     */
    int start() throws InterruptedException {
        int recovered;
        DbSession db = sessions.open();
        try {
            updateTask.takeLease(db, holder);
            recovered = updateTask.recoverPending(db);
        } catch (SQLException e) {
            throw new EnvironmentException("instance " + number
                    + ": taking its lease (sdbench_fence) or reading its pending update requests failed: "
                    + e.getMessage());
        } finally {
            db.close();
        }
        updateTask.start();
        dialogProcesses.start(config.dialogWorkProcesses());
        return recovered;
    }

    void dispatch(UserSession user, SdStep step, CompletableFuture<StepResult> reply) {
        dispatcher.submit(new DialogRequest(user, step, clock.nanoTime(), reply));
    }

    public int number() {
        return number;
    }

    WorkloadConfig workload() {
        return workload;
    }

    Enqueue enqueue() {
        return enqueue;
    }

    public NumberRanges numberRanges() {
        return numberRanges;
    }

    public TableBuffer tableBuffer() {
        return tableBuffer;
    }

    public BufferSync bufferSync() {
        return bufferSync;
    }

    public UpdateTask updateTask() {
        return updateTask;
    }

    public Dispatcher dispatcher() {
        return dispatcher;
    }

    public SessionSource sessions() {
        return sessions;
    }

    /** Dialog-step transactions retried after a deadlock or serialization failure (update task: see its own count). */
    public long retriedTransactions() {
        return retried.sum() + updateTask.retriedTransactions();
    }

    /** Dialog work processes started in place of ones that died. */
    public long replacedWorkProcesses() {
        return dialogProcesses.replaced();
    }

    /** A zeroed user context for a user logging on here: one roll-area entry more in use. */
    byte[] newUserContext() {
        contextsPeak.accumulateAndGet(contextsInUse.incrementAndGet(), Math::max);
        return new byte[config.userContextBytes()];
    }

    /** A user logged off or moved on: its roll-area entry is free again. */
    void releaseUserContext() {
        contextsInUse.decrementAndGet();
    }

    /** This instance's totals so far: the one source of its figures in every layout. */
    public InstanceFigures figures() {
        var nr = numberRanges.stats();
        var w = updateTask.workTotals();
        return new InstanceFigures(
                number,
                new InstanceFigures.Queues(dispatcher.length(), updateTask.queueLength()),
                new InstanceFigures.NumberRangeFigures(
                        nr.fetches(), nr.numbersIssued(), nr.waitNs(), numberRanges.unusedNumbers()),
                new InstanceFigures.BufferFigures(
                        tableBuffer.hits(),
                        tableBuffer.misses(),
                        tableBuffer.firstReads(),
                        tableBuffer.size(),
                        tableBuffer.evictions(),
                        tableBuffer.invalidations(),
                        bufferSync.polls()),
                enqueue.figures(),
                new InstanceFigures.UpdateWork(w.v1Parts(), w.v1CpuNanos(), w.v2Parts(), w.v2CpuNanos(), w.dbCalls()),
                new InstanceFigures.Faults(
                        sessions.replacedConnections(),
                        retriedTransactions(),
                        sessions.failedOpens(),
                        replacedWorkProcesses()),
                contextsPeak.get(),
                roundTrips.sent());
    }

    long updateWaitTimeoutNanos() {
        return config.updateWaitTimeout().toNanos();
    }

    /** Stops the dialog work processes (after their current step), then drains the update task. */
    boolean stop(Duration drainTimeout) throws InterruptedException {
        dialogProcesses.stopping();
        for (int i = 0; i < config.dialogWorkProcesses(); i++) {
            dispatcher.submit(new DialogRequest(null, null, clock.nanoTime(), null));
        }
        dialogProcesses.join(10_000);
        return updateTask.drainAndStop(drainTimeout);
    }

    @Override
    public void close() {
        pool.close();
    }
}
