package org.sdbench.apptier.instance;

import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;
import org.sdbench.apptier.instance.dispatcher.DialogRequest;
import org.sdbench.apptier.instance.update.InstanceFencedException;
import org.sdbench.apptier.instance.workprocess.DialogWorkProcess;
import org.sdbench.core.SdStep;
import org.sdbench.database.DbSession;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.enqueue.EnqueueRefusedException;
import org.sdbench.protocol.enqueue.EnqueueUnavailableException;
import org.sdbench.work.WorkBudget;

/**
 * Runs a step's business logic for one work process: one DB transaction per attempt, committed on
 * success, rolled back otherwise; deadlocks and serialization failures retried a bounded number of
 * times; every failure turned into a {@link StepOutcome}.
 */
final class StepExecutor implements DialogWorkProcess.StepRunner {
    private final StepHandler handler;
    private final StepContext ctx;
    private final AppServerInstance instance;
    private final int retries;
    private final LongAdder retried;
    private final WorkBudget[] stepWork;
    private long workNanos;

    StepExecutor(StepHandler handler, StepContext ctx, AppServerInstance instance, int retries, LongAdder retried) {
        this.handler = handler;
        this.ctx = ctx;
        this.instance = instance;
        this.retries = retries;
        this.retried = retried;
        this.stepWork = SdStep.LOOP.stream()
                .map(st -> WorkBudget.of(instance.workload().step(st).units()))
                .toArray(WorkBudget[]::new);
    }

    @Override
    public StepOutcome run(DbSession db, DialogRequest r)
            throws InterruptedException, DialogWorkProcess.ConnectionLostException {
        workNanos = 0;
        db.marks().stepBegins(r.user().userNo());
        for (int attempt = 0; ; attempt++) {
            ctx.begin(db, r.user());
            ctx.beginWork(stepWork[r.step().ordinal()]);
            try {
                StepOutcome o = handler.execute(r.step(), ctx);
                if (o.ok()) {
                    // The step's work not yet spent between its statements runs before COMMIT WORK,
                    // with its row locks still held, as the end of an ABAP dialog step does.
                    ctx.finishWork();
                    db.commit();
                    ctx.runAfterCommit();
                } else {
                    db.rollbackQuietly();
                    ctx.rolledBack();
                }
                return o;
            } catch (SQLException e) {
                db.rollbackQuietly();
                ctx.rolledBack();
                if (e instanceof InstanceFencedException f) {
                    return new StepOutcome.InstanceFenced(f.lease().instance());
                }
                String timeout = db.dialect().timeoutOf(e);
                if (db.dialect().isConnectionLost(e)) {
                    throw new DialogWorkProcess.ConnectionLostException(e, timeout);
                }
                if (timeout != null) {
                    return new StepOutcome.DbTimeout(timeout);
                }
                if (!db.dialect().isRetryable(e)) {
                    return new StepOutcome.DbError(e.getSQLState(), firstLine(e));
                }
                if (attempt >= retries) {
                    return new StepOutcome.RetriesExhausted(e.getSQLState(), attempt + 1);
                }
                retried.increment();
            } catch (EnqueueUnavailableException e) {
                db.rollbackQuietly();
                ctx.rolledBack();
                return new StepOutcome.EnqueueUnavailable(e.getMessage());
            } catch (EnqueueRefusedException e) {
                db.rollbackQuietly();
                ctx.rolledBack();
                return new StepOutcome.EnqueueRefused(e.getMessage());
            } catch (RuntimeException | InterruptedException e) {
                // A bug or an interrupt mid-step: the transaction is abandoned, and its update request
                // must become visible to the sweep should its commit have gone through after all.
                db.rollbackQuietly();
                ctx.rolledBack();
                throw e;
            } finally {
                workNanos += ctx.workNanos();
            }
        }
    }

    private static String firstLine(SQLException e) {
        String m = e.getMessage();
        return m == null ? "" : m.lines().findFirst().orElse("");
    }

    @Override
    public long enqueueNanos() {
        return ctx.enqueueNanos();
    }

    @Override
    public long numberRangeNanos() {
        return ctx.numberRangeNanos();
    }

    @Override
    public long updateWaitNanos() {
        return ctx.updateWaitNanos();
    }

    @Override
    public long workNanos() {
        return workNanos;
    }

    @Override
    public byte[] userContext(DialogRequest request) {
        return request.user().context();
    }
}
