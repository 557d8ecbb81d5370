package org.sdbench.work;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import org.sdbench.config.WorkKind;

/**
 * A deterministic stand-in for ABAP processing, counted in work units, never in time: the same
 * units are the same instructions and memory accesses on every host, so a faster CPU finishes them
 * sooner and a power-saving clock stretches them.
 *
 * <p>SAP SD runs at low IPC (about 0.5) with about 40 L2 misses per 1,000 instructions (published
 * profiling of SAP SD on Intel servers): much of a dialog
 * step is internal-table access spread over a working set far larger than L2. So the internal-table
 * work here reads and writes random rows of a 2 MiB hashed table and binary-searches a 1 MiB sorted
 * table, past a 1 MiB L2 but within a shared L3.
 *
 * <p>One engine per work process, confined to its thread: no structure is shared between work
 * processes, so two cores do twice the work. Every result feeds {@link #checksum()}, published
 * through a volatile write per call, so the JIT cannot drop the work as dead code.
 */
public final class WorkEngine {
    /**
     * Hashed internal table: 256 Ki rows of 8 bytes = 2 MiB, twice this machine's L2; with the sorted
     * table 3 MiB per work process, so ten work processes still roughly fit a 32 MiB L3.
     */
    static final int HASHED_ROWS = 1 << 18;
    /** Sorted internal table: 256 Ki rows of 4 bytes = 1 MiB. */
    static final int SORTED_ROWS = 1 << 18;
    /** Rows of the small internal table one SORT unit sorts. */
    static final int SORT_ROWS = 48;

    // Operations per unit: chosen so that one unit of each kind costs roughly 1 us of one core on
    // the 2-vCPU AMD EPYC host the standard workload was calibrated on (see WorkSpeed for a host's speed).
    private static final int ITAB_READS = 24;
    private static final int ITAB_WRITES = 4;
    private static final int ITAB_SEARCHES = 4;
    private static final int SORTS = 1;
    private static final int STRING_LINES = 3;
    private static final int DECIMAL_ITEMS = 8;
    private static final BigDecimal TAX = new BigDecimal("0.19");

    private final long seed;
    private long[] hashed;
    private int[] sorted;
    private final int[] sortRows = new int[SORT_ROWS];
    private final StringBuilder line = new StringBuilder(96);
    private long x;
    private long acc;
    private long unitsDone;
    private volatile long published;

    public WorkEngine(long seed) {
        this.seed = seed;
        this.x = seed | 1;
    }

    /** Runs {@code units} units of one kind on the calling thread; returns the running checksum. */
    public long run(WorkKind kind, long units) {
        if (units < 0) {
            throw new IllegalArgumentException("work units = " + units + " is not allowed: 0 or more");
        }
        if (units == 0) {
            return acc;
        }
        tables();
        for (long u = 0; u < units; u++) {
            switch (kind) {
                case ITAB -> itab();
                case SORT -> sort();
                case STRING -> string();
                case DECIMAL -> decimal();
            }
        }
        unitsDone += units;
        published = acc;
        return acc;
    }

    /** Units this engine has run since it was made. */
    public long unitsDone() {
        return unitsDone;
    }

    /** What every unit so far contributed to: differs after any work, so it cannot be computed without it. */
    public long checksum() {
        return published;
    }

    /** Tables are filled on first use: an engine of a work process that never works costs no memory. */
    private void tables() {
        if (hashed != null) {
            return;
        }
        hashed = new long[HASHED_ROWS];
        sorted = new int[SORTED_ROWS];
        long r = seed ^ 0x9E3779B97F4A7C15L;
        for (int i = 0; i < HASHED_ROWS; i++) {
            r = next(r);
            hashed[i] = r;
        }
        for (int i = 0; i < SORTED_ROWS; i++) {
            sorted[i] = i * 8 + (int) (next(r + i) & 7);
        }
    }

    private static long next(long v) {
        v ^= v << 13;
        v ^= v >>> 7;
        v ^= v << 17;
        return v;
    }

    private long random() {
        x = next(x);
        return x;
    }

    /** READ TABLE ... WITH TABLE KEY on a hashed table, MODIFY of found rows, READ ... BINARY SEARCH. */
    private void itab() {
        long[] h = hashed;
        int mask = HASHED_ROWS - 1;
        long a = acc;
        for (int i = 0; i < ITAB_READS; i++) {
            long key = random();
            int slot = (int) (key ^ (key >>> 29)) & mask;
            // Data-dependent: the next probe depends on what this row holds, as a key chain would.
            a += h[slot] ^ h[(slot + (int) (a & 7)) & mask];
        }
        for (int i = 0; i < ITAB_WRITES; i++) {
            long key = random();
            h[(int) (key >>> 40) & mask] = key ^ a;
        }
        for (int i = 0; i < ITAB_SEARCHES; i++) {
            int probe = (int) (random() >>> 35) & (SORTED_ROWS * 8 - 1);
            a += Arrays.binarySearch(sorted, probe);
        }
        acc = a;
    }

    /** SORT of a small internal table taken from the sorted table and scrambled. */
    private void sort() {
        for (int s = 0; s < SORTS; s++) {
            int from = (int) (random() >>> 40) & (SORTED_ROWS - SORT_ROWS - 1);
            long r = random();
            for (int i = 0; i < SORT_ROWS; i++) {
                r = next(r);
                sortRows[i] = sorted[from + i] ^ (int) r;
            }
            Arrays.sort(sortRows);
            acc += sortRows[SORT_ROWS / 2];
        }
    }

    /** An item line built field by field, then parsed back as a receiving program would. */
    private void string() {
        for (int n = 0; n < STRING_LINES; n++) {
            long r = random();
            line.setLength(0);
            line.append(1_000_000_000L + (r & 0x3FFFFFFL))
                    .append('|')
                    .append(10 + (r >>> 30 & 0x3FF) * 10)
                    .append('|')
                    .append("MAT-")
                    .append(r >>> 40 & 0xFFFFF)
                    .append('|')
                    .append(1 + (r >>> 20 & 0xFF))
                    .append('|')
                    .append(r >>> 50 & 0x3FFF)
                    .append('.')
                    .append(r >>> 44 & 9)
                    .append(r >>> 46 & 9);
            String s = line.toString();
            int p1 = s.indexOf('|');
            int p2 = s.indexOf('|', p1 + 1);
            int p3 = s.indexOf('|', p2 + 1);
            int p4 = s.indexOf('|', p3 + 1);
            long sum = Long.parseLong(s, 0, p1, 10)
                    + Integer.parseInt(s, p1 + 1, p2, 10)
                    + Integer.parseInt(s, p3 + 1, p4, 10)
                    + s.hashCode();
            acc += sum + s.substring(p2 + 1, p3).hashCode();
        }
    }

    /** Pricing of an item: quantity times price, tax rounded half-up, added to the document total. */
    private void decimal() {
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < DECIMAL_ITEMS; i++) {
            long r = random();
            BigDecimal net = BigDecimal.valueOf(1 + (r & 63)).multiply(BigDecimal.valueOf(r >>> 44, 2));
            BigDecimal tax = net.multiply(TAX).setScale(2, RoundingMode.HALF_UP);
            total = total.add(net).add(tax);
        }
        acc += total.unscaledValue().longValue();
    }
}
