package org.sdbench.work;

import org.sdbench.config.WorkKind;
import org.sdbench.config.WorkUnits;

/**
 * The configured {@link WorkUnits} of one step or update module as an array by work kind, made
 * once when a work process starts: a budget then begins with two array copies per step instead of
 * a walk over the configuration's map (2 % of a dialog work process's CPU in the 26 Nov profile).
 */
public final class WorkBudget {
    static final int KINDS = WorkKind.values().length;
    public static final WorkBudget NONE = of(WorkUnits.NONE);

    private final long[] units;

    private WorkBudget(long[] units) {
        this.units = units;
    }

    public static WorkBudget of(WorkUnits w) {
        long[] a = new long[KINDS];
        w.units().forEach((k, n) -> a[k.ordinal()] = n);
        return new WorkBudget(a);
    }

    /** Sets both arrays, indexed by {@link WorkKind#ordinal()}, to this budget's units. */
    void copyInto(long[] total, long[] remaining) {
        System.arraycopy(units, 0, total, 0, KINDS);
        System.arraycopy(units, 0, remaining, 0, KINDS);
    }
}
