package org.sdbench.apptier.instance;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * An instance's table buffer for customizing and master data (SAP's generic/single-record
 * buffer). Bounded by entries; Caffeine's W-TinyLFU eviction keeps the hot working set under a
 * size limit without a global lock, which matters because every work process reads through it.
 * Capacity 0 disables buffering: every read goes to the database, as with buffering switched off
 * in SE11, which is a tuning experiment of its own.
 *
 * <p>Two work processes missing the same key at once may both load it; SAP's buffer has the same
 * race and it only costs a duplicate read.
 */
public final class TableBuffer {

    private final long capacity;
    private final Cache<Key, Object> cache;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder invalidated = new LongAdder();
    private final LongAdder evicted = new LongAdder();
    private final LongAdder firstReads = new LongAdder();

    private record Key(String table, Object key) {
        // Written out, not generated: a record's equals and hashCode run through method-handle chains
        // that the JIT left partly uninlined on the work processes' hot path (a JFR profile: 2.8 %
        // of a dialog work process's CPU in this key's equals on every table-buffer read).
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && table.equals(k.table) && key.equals(k.key);
        }

        @Override
        public int hashCode() {
            return 31 * table.hashCode() + key.hashCode();
        }
    }

    public TableBuffer(long capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException(
                    "table buffer capacity = " + capacity + " entries is not allowed: 0 (no buffering) or more");
        }
        this.capacity = capacity;
        // Maintenance on the calling thread: no hidden use of the common pool, deterministic size.
        // Evictions counted here rather than with recordStats(), whose hit and miss counters would
        // repeat ours on every read of every work process.
        this.cache = capacity == 0
                ? null
                : Caffeine.newBuilder()
                        .maximumSize(capacity)
                        .executor(Runnable::run)
                        .<Key, Object>evictionListener((k, v, cause) -> {
                            if (cause.wasEvicted()) {
                                evicted.increment();
                            }
                        })
                        .build();
    }

    /**
     * The buffered row(s) for {@code key} of {@code table}, loading them on a miss. A null load
     * result is returned but not buffered (SAP buffers "not found" only for some tables; treating
     * it as a miss is the conservative choice).
     */
    public <T> T get(String table, Object key, Supplier<T> loadFromDb) {
        Objects.requireNonNull(table, "table buffer table name");
        Objects.requireNonNull(key, () -> "table buffer key for table '" + table + "'");
        Objects.requireNonNull(loadFromDb, () -> "table buffer loader for table '" + table + "'");
        if (cache == null) {
            misses.increment();
            return loadFromDb.get();
        }
        Key k = new Key(table, key);
        Object cached = cache.getIfPresent(k);
        if (cached != null) {
            hits.increment();
            return cast(cached);
        }
        misses.increment();
        T loaded = loadFromDb.get();
        if (loaded != null) {
            if (evicted.sum() == 0 && invalidated.sum() == 0) {
                // Nothing ever left this buffer, so the entry was never in it: the miss is its first read.
                firstReads.increment();
            }
            cache.put(k, loaded);
        }
        return loaded;
    }

    /**
     * Drops every buffered entry of one table (as a buffer synchronisation does for a changed
     * table); returns how many entries went.
     */
    public int invalidate(String table) {
        Objects.requireNonNull(table, "table buffer table name");
        if (cache == null) {
            return 0;
        }
        int[] n = {0};
        cache.asMap().keySet().removeIf(k -> {
            boolean match = k.table.equalsIgnoreCase(table);
            n[0] += match ? 1 : 0;
            return match;
        });
        invalidated.add(n[0]);
        return n[0];
    }

    /** Entries displaced because the buffer was full (SAP's ST02 "swaps"). */
    public long evictions() {
        return evicted.sum();
    }

    /** Entries dropped by invalidation (a buffered table changed). */
    public long invalidations() {
        return invalidated.sum();
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        // Callers use one value type per table; a mismatch is a programming error and fails at their use site.
        return (T) o;
    }

    public long capacity() {
        return capacity;
    }

    /** Entries currently buffered (after pending evictions). */
    public long size() {
        if (cache == null) {
            return 0;
        }
        cache.cleanUp();
        return cache.estimatedSize();
    }

    public long hits() {
        return hits.sum();
    }

    public long misses() {
        return misses.sum();
    }

    /**
     * Misses that were provably an entry's first read: made while the buffer had displaced and dropped nothing.
     * They measure the buffer warming, not its size; once anything left it, no miss counts here (conservative).
     */
    public long firstReads() {
        return firstReads.sum();
    }

    /** Share of reads served from the buffer, 0 to 1; 0 when nothing was read yet. */
    public double hitRatio() {
        long h = hits.sum();
        long total = h + misses.sum();
        return total == 0 ? 0 : (double) h / total;
    }
}
