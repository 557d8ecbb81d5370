package org.sdbench.apptier.instance.workprocess;

import java.sql.SQLException;
import org.sdbench.apptier.instance.dispatcher.DialogRequest;
import org.sdbench.apptier.instance.dispatcher.Dispatcher;
import org.sdbench.core.Clock;
import org.sdbench.database.DbSession;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A dialog work process: a platform thread that owns one DB session for its lifetime and serves
 * the dispatcher queue one step at a time (roll in, the step's ABAP work and SQL, commit, roll out).
 * Their number per instance is the modelled bottleneck, so they are real threads, not virtual.
 */
public final class DialogWorkProcess implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(DialogWorkProcess.class);

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
        private final String timeout;

        public ConnectionLostException(SQLException cause) {
            this(cause, null);
        }

        /** @param timeout what timed out when the connection was given up for not answering, else null */
        public ConnectionLostException(SQLException cause, String timeout) {
            super(cause.getMessage(), cause, false, false);
            this.timeout = timeout;
        }

        public String timeout() {
            return timeout;
        }
    }

    private final Dispatcher dispatcher;
    private final SessionSource sessions;
    private final RollArea roll;
    private final StepRunner runner;
    private final Clock clock;

    public DialogWorkProcess(
            Dispatcher dispatcher, SessionSource sessions, RollArea roll, StepRunner runner, Clock clock) {
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
            while (true) {
                DbOutageException down = null;
                if (db == null) {
                    try {
                        db = sessions.open();
                    } catch (DbOutageException e) {
                        down = e;
                    }
                }
                DialogRequest r = dispatcher.take();
                if (r.step() == null) {
                    return;
                }
                try {
                    if (down != null) {
                        // The run is ending for want of a database: answer at once, never make users wait.
                        r.reply().complete(failed(r, new StepOutcome.ConnectionLost(down.getMessage())));
                        continue;
                    }
                    db = serve(db, r);
                } catch (RuntimeException | Error e) {
                    // Whatever went wrong, the user waiting for this step must get an answer. A
                    // RuntimeException leaves the process serving; an Error ends it, and the instance's
                    // supervisor starts a replacement (the process's state cannot be trusted).
                    LOG.warn(
                            "work process {}: step {} failed unexpectedly",
                            Thread.currentThread().getName(),
                            r.step().label(),
                            e);
                    r.reply().complete(failed(r, new StepOutcome.DbError("bug", e.toString())));
                    if (e instanceof Error err) {
                        throw err;
                    }
                    db = replaceQuietly(db);
                } finally {
                    if (!r.reply().isDone()) {
                        // Interrupted mid-step: still answer, so the user is never left waiting.
                        r.reply().complete(failed(r, new StepOutcome.DbError("bug", "work process stopped")));
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

    /** A fresh session after a failure, or none when the database is gone (the next request finds out). */
    private DbSession replaceQuietly(DbSession db) throws InterruptedException {
        try {
            return sessions.replace(db);
        } catch (DbOutageException e) {
            return null;
        }
    }

    private static StepResult failed(DialogRequest r, StepOutcome outcome) {
        return new StepResult(r.step(), outcome, StepTimes.ZERO, 0);
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
            outcome = e.timeout() != null
                    ? new StepOutcome.DbTimeout(e.timeout())
                    : new StepOutcome.ConnectionLost(e.getMessage());
            session = replaceQuietly(db);
        } catch (RuntimeException e) {
            // A bug in a step must not kill the work process (the instance would lose capacity);
            // it is reported as an error kind and the transaction is rolled back.
            db.rollbackQuietly();
            outcome = new StepOutcome.DbError("bug", e.toString());
        }
        long rollOut = roll.rollOut(context);
        StepTimes t = new StepTimes(
                wait,
                rollIn,
                runner.workNanos(),
                db.dbNanos(),
                db.calls(),
                runner.enqueueNanos(),
                runner.numberRangeNanos(),
                runner.updateWaitNanos(),
                rollOut,
                db.rows());
        r.reply().complete(new StepResult(r.step(), outcome, t, 0));
        return session;
    }
}
