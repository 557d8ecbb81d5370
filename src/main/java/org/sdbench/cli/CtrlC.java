package org.sdbench.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.sdbench.driver.Driver;

/**
 * Ctrl-C during a run: the driver's users stop after their current step, and the JVM's shutdown
 * waits (at most a minute) until the window so far is reported. {@link #done} removes the hook.
 */
final class CtrlC {
    private final CountDownLatch reported = new CountDownLatch(1);
    private final Thread hook;

    CtrlC(Driver driver) {
        hook = new Thread(() -> {
            driver.requestStop();
            try {
                reported.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "sdbench-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The report is written (or the run failed): shutdown need not wait any more. */
    void done() {
        reported.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Already in shutdown (Ctrl-C): the hook is running and waits for the latch above.
        }
    }
}
