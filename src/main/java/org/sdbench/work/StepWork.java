package org.sdbench.work;

import org.sdbench.config.WorkKind;

/**
 * The work budget of one dialog step or update module on one work process. The business logic
 * spends shares of it between its SQL statements, as ABAP computes before, between and after its
 * reads and writes; whatever is left is spent before the commit. The total is always exactly the
 * configured units, however the logic splits it. Confined to its work process's thread.
 */
public final class StepWork {
    private static final WorkKind[] KINDS = WorkKind.values();

    private final WorkEngine engine;
    private final long[] total = new long[KINDS.length];
    private final long[] remaining = new long[KINDS.length];
    private long cpuNanos;

    public StepWork(WorkEngine engine) {
        this.engine = engine;
    }

    /** Starts a new budget (a step, a retry of it, or an update module). */
    public void begin(WorkBudget budget) {
        budget.copyInto(total, remaining);
        cpuNanos = 0;
    }

    /** Spends {@code share} (0 to 1) of the budget of every kind, at most what is left. */
    public void spend(double share) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("work share = " + share + " is not allowed: 0 to 1");
        }
        long t0 = -1;
        for (WorkKind k : KINDS) {
            int i = k.ordinal();
            long n = Math.min(remaining[i], Math.round(total[i] * share));
            if (n > 0) {
                if (t0 < 0) {
                    t0 = ThreadCpu.now();
                }
                engine.run(k, n);
                remaining[i] -= n;
            }
        }
        if (t0 >= 0) {
            cpuNanos += ThreadCpu.now() - t0;
        }
    }

    /** Spends whatever is left of the budget. */
    public void finish() {
        spend(1.0);
    }

    /** CPU time the work of this budget took so far. */
    public long cpuNanos() {
        return cpuNanos;
    }
}
