package org.sdbench.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The life of a command that serves until told to stop: it ends when {@code stop} is counted down, when
 * {@code bound} has passed (null: no bound) or on Ctrl-C; in every case the service is closed once.
 */
final class Serving {
    private Serving() {}

    static void until(AutoCloseable service, CountDownLatch stop, Duration bound) throws Exception {
        Thread hook = new Thread(() -> closeQuietly(service), "sdbench-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (bound == null) {
                stop.await();
            } else {
                stop.await(bound.toNanos(), TimeUnit.NANOSECONDS);
            }
        } finally {
            service.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down and runs the hook itself
            }
        }
    }

    private static void closeQuietly(AutoCloseable service) {
        try {
            service.close();
        } catch (Exception e) {
            System.err.println("sdbench: closing on shutdown: " + e.getMessage());
        }
    }
}
