package org.sdbench.study.experiment;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl-C during an experiment: the run under way stops as any run does (its window so far is
 * written), no further run starts, and the JVM's shutdown waits (bounded) until experiment.json is
 * written and every database setting is back as it was found.
 */
final class ExperimentHook implements AutoCloseable {
    /** How long shutdown waits for the settings to be put back. */
    static final long BOUND_SECONDS = 180;

    private final CountDownLatch finished = new CountDownLatch(1);
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final Thread hook = new Thread(this::await, "sdbench-experiment-ctrl-c");

    ExperimentHook() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private void await() {
        interrupted.set(true);
        try {
            if (!finished.await(BOUND_SECONDS, TimeUnit.SECONDS)) {
                System.err.println("sdbench: the experiment did not finish putting its settings back within "
                        + BOUND_SECONDS + " s: check the server's settings (postgresql.auto.conf)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean interrupted() {
        return interrupted.get();
    }

    /** Marks the experiment as interrupted from within (a run that ended by Ctrl-C). */
    void interrupt() {
        interrupted.set(true);
    }

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
