package org.sdbench.apptier.instance.dispatcher;

import java.util.concurrent.LinkedBlockingQueue;

/**
 * The dispatcher of one instance: a FIFO queue of dialog requests served by the dialog work
 * processes. Users far outnumber work processes, so this queue is where saturation shows first.
 */
public final class Dispatcher {
    private final LinkedBlockingQueue<DialogRequest> queue = new LinkedBlockingQueue<>();

    public void submit(DialogRequest r) {
        queue.add(r);
    }

    public DialogRequest take() throws InterruptedException {
        return queue.take();
    }

    public int length() {
        return queue.size();
    }
}
