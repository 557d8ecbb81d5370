package org.sdbench.apptier.instance.numberrange;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;
import org.sdbench.core.Clock;

/**
 * The number-range buffers of one app-server instance (SAP transaction SNRO's "main memory
 * buffering"). Buffered objects hand out numbers from memory and fetch the next interval from
 * NRIV in a short transaction of their own; unbuffered objects (size 0) take each number inside
 * the caller's business transaction, which holds the NRIV row lock until that commits and so
 * serialises all callers, exactly the effect a tuning experiment wants to see.
 *
 * <p>The time reported as number-range wait is all time spent in {@code next}: queueing behind
 * another caller's interval fetch, the fetch itself, or (unbuffered) the NRIV row lock wait and
 * SQL. It is not counted as the step's DB time by anything else.
 */
public final class NumberRanges {

    /** Counters since construction. */
    public record Stats(long fetches, long numbersIssued, long waitNs) {}

    private final DataSource intervalSource;
    private final Clock clock;
    private final Map<String, Integer> sizes;
    /** object to (range to buffer): two levels so that a draw looks up without building a key. */
    private final Map<String, ConcurrentHashMap<String, IntervalBuffer>> buffers = new HashMap<>();

    private final LongAdder fetches = new LongAdder();
    private final LongAdder issued = new LongAdder();
    private final LongAdder waitNs = new LongAdder();

    public NumberRanges(DataSource intervalSource, Map<String, Integer> bufferSizes, Clock clock) {
        this.intervalSource = Objects.requireNonNull(intervalSource, "interval data source");
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(bufferSizes, "number range buffer sizes");
        bufferSizes.forEach((object, size) -> {
            if (size == null || size < 0) {
                throw new IllegalArgumentException("number range buffer size for '" + object + "' = " + size
                        + " is not allowed: 0 (unbuffered) or more");
            }
            buffers.put(object, new ConcurrentHashMap<>());
        });
        this.sizes = Map.copyOf(bufferSizes);
    }

    /** Draws the next number, discarding the per-call wait (tests, tools). */
    public long next(Connection businessTx, String object, String range) throws SQLException, InterruptedException {
        return next(businessTx, object, range, null);
    }

    /**
     * Draws the next number of {@code object}/{@code range} and adds the time taken to
     * {@code meter} (may be null). {@code businessTx} is only used, and must have autocommit off,
     * when the object is unbuffered; the number then belongs to that transaction.
     */
    public long next(Connection businessTx, String object, String range, WaitMeter meter)
            throws SQLException, InterruptedException {
        long start = clock.nanoTime();
        int size = size(object);
        long number = size == 0 ? drawUnbuffered(businessTx, object, range) : drawBuffered(object, range, size);
        long took = clock.nanoTime() - start;
        issued.increment();
        waitNs.add(took);
        if (meter != null) {
            meter.add(took);
        }
        return number;
    }

    private long drawBuffered(String object, String range, int size) throws SQLException, InterruptedException {
        IntervalBuffer b = buffer(object, range, size);
        b.lock.lockInterruptibly();
        try {
            if (b.isEmpty()) {
                fetch(b);
            }
            return b.next++;
        } finally {
            b.lock.unlock();
        }
    }

    private void fetch(IntervalBuffer b) throws SQLException {
        long[] last = new long[1];
        try (Connection c = intervalSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                long level = Nriv.advance(c, b.object, b.range, b.size, last);
                c.commit();
                b.next = level + 1;
                b.last = last[0];
                fetches.increment();
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c, e);
                throw e;
            }
        }
    }

    private static long drawUnbuffered(Connection tx, String object, String range) throws SQLException {
        Objects.requireNonNull(
                tx, () -> "unbuffered number range '" + object + "' needs the business transaction's connection");
        if (tx.getAutoCommit()) {
            throw new IllegalStateException("unbuffered number range '" + object + "' interval '" + range
                    + "' drawn on a connection with autocommit on; it must run inside the business transaction"
                    + " (autocommit off) so the NRIV row stays locked until that commits");
        }
        long[] last = new long[1];
        return Nriv.advance(tx, object, range, 1, last) + 1;
    }

    private IntervalBuffer buffer(String object, String range, int size) {
        if (range == null || range.isEmpty()) {
            throw new IllegalArgumentException("number range interval for object '" + object + "' is "
                    + (range == null ? "null" : "empty") + "; an NRIV nrrangenr such as '01' is required");
        }
        ConcurrentHashMap<String, IntervalBuffer> ranges = buffers.get(object);
        IntervalBuffer b = ranges.get(range);
        return b != null ? b : ranges.computeIfAbsent(range, r -> new IntervalBuffer(object, r, size));
    }

    /** The configured buffer size of an object; 0 means unbuffered. */
    public int size(String object) {
        Integer size = object == null ? null : sizes.get(object);
        if (size == null) {
            throw new IllegalArgumentException("number range object '" + object + "' has no configured buffer size;"
                    + " configured objects: " + sizes.keySet());
        }
        return size;
    }

    public Stats stats() {
        return new Stats(fetches.sum(), issued.sum(), waitNs.sum());
    }

    /**
     * Numbers fetched into buffers but not handed out. At shutdown these become gaps in the
     * document numbers, as they do in SAP when an instance stops.
     */
    public long unusedNumbers() {
        long unused = 0;
        for (ConcurrentHashMap<String, IntervalBuffer> ranges : buffers.values()) {
            for (IntervalBuffer b : ranges.values()) {
                b.lock.lock();
                try {
                    unused += b.remaining();
                } finally {
                    b.lock.unlock();
                }
            }
        }
        return unused;
    }

    private static void rollbackQuietly(Connection c, Exception cause) {
        try {
            c.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
