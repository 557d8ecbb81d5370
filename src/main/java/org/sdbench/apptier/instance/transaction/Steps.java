package org.sdbench.apptier.instance.transaction;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.sdbench.apptier.instance.StepContext;
import org.sdbench.core.MasterKeys;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockResult;

/** Small pieces several transactions share. */
final class Steps {
    private Steps() {}

    /** Data the step needs is not in the database: the load is incomplete or another step failed. */
    static StepOutcome missing(String what) {
        return new StepOutcome.DbError("no-data", what + " not found");
    }

    static StepOutcome needs(String what) {
        return new StepOutcome.Skipped("no " + what + " from an earlier step of this loop");
    }

    /** The user's plant; formatted once per user, not per step (String.format showed in profiles). */
    static String plant(StepContext ctx, LoopState s) {
        if (s.plant == null) {
            s.plant = MasterKeys.werks(s.user, ctx.workload().plants());
        }
        return s.plant;
    }

    /** {@code n} distinct numbers from 1..pool, in random order (partial Fisher-Yates). */
    static List<Integer> distinct(SplittableRandom r, int n, int pool) {
        int[] a = new int[pool];
        for (int i = 0; i < pool; i++) {
            a[i] = i + 1;
        }
        List<Integer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int j = i + r.nextInt(pool - i);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
            out.add(a[i]);
        }
        return out;
    }

    /**
     * Takes an exclusive enqueue lock for the user: {@link StepOutcome.Ok} when granted, else the
     * lock conflict that ends the step (SAP's enqueue never waits).
     */
    static StepOutcome lockExclusive(StepContext ctx, String object, String key) {
        return ctx.lock(object, key, LockMode.EXCLUSIVE) instanceof LockResult.Conflict c
                ? new StepOutcome.LockConflict(object, key, c.holder().id())
                : StepOutcome.Ok.INSTANCE;
    }

    /** Document numbers are stored as 10-digit strings, as SAP's VBELN, BELNR and MBLNR. */
    static String docNo(long number) {
        return number >= 0 ? MasterKeys.zeroPad(number, 10) : String.format("%010d", number);
    }

    /**
     * A read of whole rows, as SAP's {@code SELECT SINGLE *} and {@code SELECT * INTO TABLE} of
     * the document and master tables: the database formats and sends every field of the (wide,
     * SAP-sized) row, as it must for SAP. The fields the step uses come first, so its mapper reads
     * them by position. {@code rest} is the statement after the table name.
     */
    static String wholeRows(String fields, String table, String rest) {
        return "SELECT " + fields + ", " + table + ".* FROM " + table + " " + rest;
    }

    /** {@code ?, ?, ...} for an IN list of fixed size, so the statement text (and its plan) is reused. */
    static String marks(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }
}
