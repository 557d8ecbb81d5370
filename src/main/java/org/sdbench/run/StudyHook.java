package org.sdbench.run;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl-C during a study of several runs (an experiment, a sweep): the run under way stops as any
 * run does (its window so far is written), no further run starts, and the JVM's shutdown waits
 * (bounded) until the study is closed: its own file written and whatever it changed put back.
 * Without it, shutdown would end the process once the run's report is out, before the study's.
 */
public final class StudyHook implements AutoCloseable {
    private final CountDownLatch finished = new CountDownLatch(1);
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final Duration bound;
    private final String unfinished;
    private final Thread hook;

    /**
     * @param bound      how long shutdown waits for the study to close
     * @param unfinished what to tell the user when it did not close in time
     */
    public StudyHook(Duration bound, String unfinished) {
        this.bound = bound;
        this.unfinished = unfinished;
        this.hook = new Thread(this::await, "sdbench-study-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private void await() {
        interrupted.set(true);
        try {
            if (!finished.await(bound.toMillis(), TimeUnit.MILLISECONDS)) {
                System.err.println("sdbench: " + unfinished);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** True once Ctrl-C (or another shutdown signal) reached the process, or {@link #interrupt} was called. */
    public boolean interrupted() {
        return interrupted.get();
    }

    /** Marks the study as interrupted from within (a run that ended by Ctrl-C). */
    public void interrupt() {
        interrupted.set(true);
    }

    /** The study is done with what it writes and puts back: shutdown need not wait any more. */
    @Override
    public void close() {
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // In shutdown already: the hook is waiting for the latch just opened.
        }
    }
}
