package org.sdbench.apptier.instance.numberrange;

/**
 * Number-range time of the current dialog step, owned by one work process (not thread-safe). The
 * work process resets it at step start and moves {@link #ns()} into its StepTimes; a mutable
 * meter instead of a result record keeps the draw path free of allocation.
 */
public final class WaitMeter {
    private long ns;
    private int draws;

    void add(long nanos) {
        ns += nanos;
        draws++;
    }

    /** Time spent in number-range draws since the last reset. */
    public long ns() {
        return ns;
    }

    /** Numbers drawn since the last reset. */
    public int draws() {
        return draws;
    }

    public void reset() {
        ns = 0;
        draws = 0;
    }
}
