package org.sdbench.apptier.instance.workprocess;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps an instance's pool of work-process threads at full strength: a process that dies of an
 * uncaught throwable (an {@code Error} it rethrows, a bug outside its step handling) is logged and
 * replaced by a fresh one, so the queue it served never loses capacity and no user waits for it.
 */
public final class WorkProcessSupervisor {
    private static final Logger LOG = LoggerFactory.getLogger(WorkProcessSupervisor.class);

    private final String prefix;
    private final IntFunction<Runnable> factory;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicInteger nextId = new AtomicInteger();
    private final LongAdder replaced = new LongAdder();

    /**
     * @param prefix  thread-name prefix, such as "dia-1-"
     * @param factory a new work process for a slot number; called again for a replacement
     */
    public WorkProcessSupervisor(String prefix, IntFunction<Runnable> factory) {
        this.prefix = prefix;
        this.factory = factory;
    }

    /** Starts {@code count} work processes. */
    public void start(int count) {
        for (int i = 0; i < count; i++) {
            spawn();
        }
    }

    private void spawn() {
        int id = nextId.getAndIncrement();
        Thread t = Thread.ofPlatform()
                .daemon()
                .name(prefix + id)
                .uncaughtExceptionHandler(this::died)
                .unstarted(factory.apply(id));
        threads.add(t);
        t.start();
    }

    private void died(Thread t, Throwable e) {
        threads.remove(t);
        if (stopping.get()) {
            LOG.warn("work process {} ended by {} while stopping", t.getName(), e.toString());
            return;
        }
        replaced.increment();
        LOG.error("work process {} died ({}); starting a replacement", t.getName(), e.toString(), e);
        spawn();
    }

    /** No more replacements: the processes are being told to end. */
    public void stopping() {
        stopping.set(true);
    }

    /** Waits up to {@code millisEach} for each process to end; true when all ended. */
    public boolean join(long millisEach) throws InterruptedException {
        boolean all = true;
        for (Thread t : threads) {
            t.join(millisEach);
            all &= !t.isAlive();
        }
        return all;
    }

    /** Work processes started in place of dead ones. */
    public long replaced() {
        return replaced.sum();
    }

    /** Work processes currently running. */
    public int alive() {
        return (int) threads.stream().filter(Thread::isAlive).count();
    }
}
