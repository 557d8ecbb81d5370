package org.sdbench.appserver.workprocess;

import java.sql.SQLException;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.appserver.dispatcher.DialogRequest;
import org.sdbench.appserver.dispatcher.Dispatcher;
import org.sdbench.db.DbSession;
import org.sdbench.metrics.Clock;

/**
 * A dialog work process: a platform thread that owns one DB session for its lifetime and serves
 * the dispatcher queue one step at a time (roll in, the step's ABAP work and SQL, commit, roll out).
 * Their number per instance is the modelled bottleneck, so they are real threads, not virtual.
 */
public final class DialogWorkProcess implements Runnable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(DialogWorkProcess.class);

    /** What the work process calls to run the business part of a step. */
    public interface StepRunner {
        /** Runs the step in the session's transaction, committing or rolling back; never throws SQL errors. */
        StepOutcome run(DbSession db, DialogRequest request) throws InterruptedException, ConnectionLostException;

        long enqueueNanos();

        long numberRangeNanos();

        long updateWaitNanos();

        /** CPU time the step's simulated ABAP work took in the last {@link #run}, all attempts together. */
        long workNanos();

        /** The user context rolled in and out around the step. */
        byte[] userContext(DialogRequest request);
    }

    /** The session's connection broke during the step. */
    public static final class ConnectionLostException extends Exception {
        public ConnectionLostException(SQLException cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }

    private final Dispatcher dispatcher;
    private final SessionSource sessions;
    private final RollArea roll;
    private final StepRunner runner;
    private final Clock clock;

    public DialogWorkProcess(Dispatcher dispatcher, SessionSource sessions, RollArea roll, StepRunner runner, Clock clock) {
        this.dispatcher = dispatcher;
        this.sessions = sessions;
        this.roll = roll;
        this.runner = runner;
        this.clock = clock;
    }

    @Override
    public void run() {
        DbSession db = null;
        try {
            db = sessions.open();
            while (true) {
                DialogRequest r = dispatcher.take();
                if (r.step() == null) {
                    return;
                }
                try {
                    db = serve(db, r);
                } catch (RuntimeException | Error e) {
                    // Whatever went wrong, the user waiting for this step must get an answer, and the
                    // instance must keep its work process: a lost one would hang users and shrink capacity.
                    LOG.warn("work process {}: step {} failed unexpectedly", Thread.currentThread().getName(),
                            r.step().label(), e);
                    r.reply().complete(new StepResult(r.step(), new StepOutcome.DbError("bug", e.toString()),
                            StepTimes.ZERO, 0));
                    db = sessions.replace(db);
                    if (e instanceof Error err) {
                        throw err;
                    }
                } finally {
                    if (!r.reply().isDone()) {
                        // Interrupted mid-step: still answer, so the user is never left waiting.
                        r.reply().complete(new StepResult(r.step(), new StepOutcome.DbError("bug", "work process stopped"),
                                StepTimes.ZERO, 0));
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (db != null) {
                db.close();
            }
        }
    }

    private DbSession serve(DbSession db, DialogRequest r) throws InterruptedException {
        long start = clock.nanoTime();
        long wait = start - r.enqueuedNanos();
        byte[] context = runner.userContext(r);
        long rollIn = roll.rollIn(context);
        StepOutcome outcome;
        DbSession session = db;
        try {
            outcome = runner.run(db, r);
        } catch (ConnectionLostException e) {
            outcome = new StepOutcome.ConnectionLost(e.getMessage());
            session = sessions.replace(db);
        } catch (RuntimeException e) {
            // A bug in a step must not kill the work process (the instance would lose capacity);
            // it is reported as an error kind and the transaction is rolled back.
            db.rollbackQuietly();
            outcome = new StepOutcome.DbError("bug", e.toString());
        }
        long rollOut = roll.rollOut(context);
        StepTimes t = new StepTimes(wait, rollIn, runner.workNanos(), db.dbNanos(), db.calls(), runner.enqueueNanos(),
                runner.numberRangeNanos(), runner.updateWaitNanos(), rollOut, db.rows());
        r.reply().complete(new StepResult(r.step(), outcome, t, 0));
        return session;
    }
}
