package org.sdbench.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sdbench.config.WorkKind;
import org.sdbench.config.WorkUnits;

class WorkEngineTest {

    @Test
    void run_sameSeedSameUnits_sameChecksum() {
        for (WorkKind k : WorkKind.values()) {
            WorkEngine a = new WorkEngine(7);
            WorkEngine b = new WorkEngine(7);
            assertEquals(a.run(k, 500), b.run(k, 500), k + " is deterministic");
        }
    }

    @Test
    void run_moreUnits_differentChecksumPublished() {
        WorkEngine e = new WorkEngine(7);
        long first = e.run(WorkKind.ITAB, 100);
        assertEquals(first, e.checksum(), "published through the sink");
        assertNotEquals(first, e.run(WorkKind.ITAB, 1), "every unit feeds the checksum");
    }

    @Test
    void run_zeroUnits_changesNothing_negativeRefused() {
        WorkEngine e = new WorkEngine(7);
        assertEquals(0, e.run(WorkKind.DECIMAL, 0));
        var ex = assertThrows(IllegalArgumentException.class, () -> e.run(WorkKind.STRING, -1));
        assertEquals("work units = -1 is not allowed: 0 or more", ex.getMessage());
    }

    @Test
    void stepWork_sharesThenFinish_spendExactlyTheBudget() {
        WorkUnits budget = new WorkUnits(Map.of(WorkKind.ITAB, 1000L, WorkKind.STRING, 333L));
        WorkEngine split = new WorkEngine(3);
        StepWork w = new StepWork(split);
        w.begin(WorkBudget.of(budget));
        w.spend(0.3);
        w.spend(0.9);
        w.finish();
        w.finish();
        assertEquals(1333, split.unitsDone(), "shares beyond the budget are capped; finish spends the rest once");
        assertEquals(true, w.cpuNanos() > 0);
    }

    @Test
    void stepWork_secondBudget_replacesTheFirstKindByKind() {
        WorkEngine engine = new WorkEngine(3);
        StepWork w = new StepWork(engine);
        w.begin(WorkBudget.of(new WorkUnits(Map.of(WorkKind.ITAB, 1000L, WorkKind.DECIMAL, 500L))));
        w.spend(0.5);
        w.begin(WorkBudget.of(new WorkUnits(Map.of(WorkKind.STRING, 200L))));
        w.finish();
        assertEquals(
                500 + 250 + 200, engine.unitsDone(), "the first budget's unspent half is dropped, not carried over");
        w.begin(WorkBudget.NONE);
        w.finish();
        assertEquals(950, engine.unitsDone(), "an empty budget spends nothing");
    }

    @Test
    void stepWork_shareOutOfRange_refused() {
        StepWork w = new StepWork(new WorkEngine(3));
        w.begin(WorkBudget.NONE);
        assertThrows(IllegalArgumentException.class, () -> w.spend(1.5));
        assertThrows(IllegalArgumentException.class, () -> w.spend(Double.NaN));
    }

    @Test
    void measure_twoThreads_eachHasItsOwnEngineAndCounts() throws InterruptedException {
        var s = WorkSpeed.measure(2, 20_000_000L, WorkSpeed.MIX);
        assertEquals(0, s.units() % WorkSpeed.MIX.total(), "whole mixes only");
        assertEquals(true, s.units() >= 2 * WorkSpeed.MIX.total() && s.cpuNanos() > 0, s.toString());
    }
}
