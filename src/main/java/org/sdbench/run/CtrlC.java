package org.sdbench.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.sdbench.database.Database;
import org.sdbench.driver.Driver;

/**
 * Ctrl-C during a run: the driver's users stop after their current step, and the JVM's shutdown
 * waits (bounded) until the window so far is reported. Ctrl-C starts every shutdown hook at once,
 * so an embedded database server also waits for the report before it stops. {@link #done} removes
 * the hook.
 */
final class CtrlC {
    private final CountDownLatch reported = new CountDownLatch(1);
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final Runnable releaseServer;
    private final Thread hook;

    CtrlC(Driver driver, Database db) {
        hook = new Thread(
                () -> {
                    interrupted.set(true);
                    driver.requestStop();
                    try {
                        reported.await(90, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "sdbench-ctrl-c");
        releaseServer = db.holdServerUntil(reported);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** True once Ctrl-C (or another shutdown signal) asked the run to stop: the run exits 130. */
    boolean interrupted() {
        return interrupted.get();
    }

    /** The report is written (or the run failed): shutdown need not wait any more. */
    void done() {
        reported.countDown();
        releaseServer.run();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Already in shutdown (Ctrl-C): the hook is running and waits for the latch above.
        }
    }
}
