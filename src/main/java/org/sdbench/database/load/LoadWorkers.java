package org.sdbench.database.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The load's worker threads: parts of tables run in parallel, a part's failure reported as it was thrown. */
final class LoadWorkers {
    private LoadWorkers() {}

    /** Runs the parts on the pool and adds up what they return; the first failure cancels the others. */
    static long runAll(ExecutorService pool, List<Callable<Long>> parts)
            throws SQLException, IOException, InterruptedException, TableFailure {
        List<Future<Long>> futures = new ArrayList<>();
        for (Callable<Long> p : parts) {
            futures.add(pool.submit(p));
        }
        long sum = 0;
        for (Future<Long> f : futures) {
            sum += get(f, futures);
        }
        return sum;
    }

    /** The part's result; its failure rethrown as it was (cancelling {@code all}). */
    static long get(Future<Long> f, Iterable<? extends Future<Long>> all)
            throws SQLException, IOException, InterruptedException, TableFailure {
        try {
            return f.get();
        } catch (ExecutionException e) {
            all.forEach(o -> o.cancel(true));
            Throwable cause = e.getCause();
            if (cause instanceof TableFailure tf) {
                throw tf;
            }
            if (cause instanceof SQLException s) {
                throw s;
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            all.forEach(o -> o.cancel(true));
            throw e;
        }
    }

    static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "sdbench-load-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
