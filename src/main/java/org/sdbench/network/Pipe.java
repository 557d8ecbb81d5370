package org.sdbench.network;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.LongAdder;
import org.sdbench.core.Clock;

/**
 * One direction of a relayed connection: a reader that stamps each chunk with its delivery time and a
 * writer that releases chunks when due. The two run apart, so a delay holds data in flight without
 * limiting bandwidth (as a long cable does), up to {@link #QUEUE_CHUNKS} chunks, beyond which the reader
 * stops reading and TCP flow control pushes back on the sender.
 */
final class Pipe {
    static final int CHUNK_BYTES = 32 * 1024;
    static final int QUEUE_CHUNKS = 128;

    private record Chunk(byte[] bytes, long deliverAt) {
        boolean isEnd() {
            return bytes == null;
        }
    }

    /** What the pipe tells its connection. */
    interface Listener {
        void delivered(Pipe pipe);

        void failed(Pipe pipe, IOException e);
    }

    private final String name;
    private final Socket from;
    private final Socket to;
    private final DeliverySchedule schedule;
    private final Gate gate;
    private final Clock clock;
    private final LongAdder bytes;
    private final LongAdder losses;
    private final Listener listener;
    private final BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(QUEUE_CHUNKS);
    private Thread reader;
    private Thread writer;

    Pipe(
            String name,
            Socket from,
            Socket to,
            DeliverySchedule schedule,
            Gate gate,
            Clock clock,
            LongAdder bytes,
            LongAdder losses,
            Listener listener) {
        this.name = name;
        this.from = from;
        this.to = to;
        this.schedule = schedule;
        this.gate = gate;
        this.clock = clock;
        this.bytes = bytes;
        this.losses = losses;
        this.listener = listener;
    }

    void start() {
        reader = Thread.ofVirtual().name(name + "-read").start(this::read);
        writer = Thread.ofVirtual().name(name + "-write").start(this::write);
    }

    private void read() {
        byte[] buf = new byte[CHUNK_BYTES];
        // not try-with-resources: closing a socket's stream closes the socket, and the other direction may still be
        // busy
        try {
            InputStream in = from.getInputStream();
            int n;
            while ((n = in.read(buf)) >= 0) {
                if (n > 0) {
                    queue.put(new Chunk(Arrays.copyOf(buf, n), stamp(n)));
                }
            }
            queue.put(new Chunk(null, stamp(0)));
        } catch (IOException e) {
            listener.failed(this, e);
        } catch (InterruptedException e) {
            // the connection is being closed: end this thread with the flag kept
            Thread.currentThread().interrupt();
        }
    }

    private long stamp(int n) {
        long before = schedule.losses();
        long at = schedule.deliverAt(clock.nanoTime(), n);
        if (schedule.losses() != before) {
            losses.increment();
        }
        return at;
    }

    private void write() {
        try {
            OutputStream out = to.getOutputStream();
            while (true) {
                Chunk c = queue.take();
                clock.sleepUntil(c.deliverAt());
                gate.awaitOpen();
                if (c.isEnd()) {
                    to.shutdownOutput();
                    listener.delivered(this);
                    return;
                }
                // counted before the write, so a peer that got the bytes also sees them counted
                bytes.add(c.bytes().length);
                out.write(c.bytes());
                out.flush();
            }
        } catch (IOException e) {
            listener.failed(this, e);
        } catch (InterruptedException e) {
            // the connection is being closed: end this thread with the flag kept
            Thread.currentThread().interrupt();
        }
    }

    void interrupt() {
        if (reader != null) {
            reader.interrupt();
            writer.interrupt();
        }
    }

    /** Waits for both threads until {@code deadlineNanos} (System.nanoTime); false if one is still alive. */
    boolean join(long deadlineNanos) throws InterruptedException {
        for (Thread t : new Thread[] {reader, writer}) {
            if (t != null) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                    return false;
                }
            }
        }
        return true;
    }
}
