package org.sdbench.appserver.dispatcher;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The dispatcher of one instance: a FIFO queue of dialog requests served by the dialog work
 * processes. Users far outnumber work processes, so this queue is where saturation shows first.
 */
public final class Dispatcher {
    private final LinkedBlockingQueue<DialogRequest> queue = new LinkedBlockingQueue<>();
    private final AtomicInteger maxLength = new AtomicInteger();

    public void submit(DialogRequest r) {
        queue.add(r);
        int len = queue.size();
        if (len > maxLength.get()) {
            maxLength.accumulateAndGet(len, Math::max);
        }
    }

    public DialogRequest take() throws InterruptedException {
        return queue.take();
    }

    public int length() {
        return queue.size();
    }

    /** Longest queue seen since the last call; resets it. */
    public int drainMaxLength() {
        return maxLength.getAndSet(queue.size());
    }
}
