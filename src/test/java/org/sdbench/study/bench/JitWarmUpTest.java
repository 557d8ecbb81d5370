package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;

class JitWarmUpTest {

    private static JitWarmUp.Round shares(Double... s) {
        ArrayDeque<Double> left = new ArrayDeque<>(List.of(s));
        return left::removeFirst;
    }

    @Test
    void run_compilerQuietsInTheThirdRound_stopsThereSettled() throws InterruptedException {
        JitWarmUp.Outcome o = JitWarmUp.run(shares(0.40, 0.08, 0.02, 0.01));
        assertEquals(3, o.rounds());
        assertTrue(o.settled());
        assertEquals(
                "3 round(s) of 15 s; JIT compiler in the last: 2.0 % of the JVM's CPU (settled, at most 3 %)",
                o.describe("15 s"));
    }

    @Test
    void run_compilerNeverQuiet_stopsAfterTheLastRoundAndSaysSo() throws InterruptedException {
        JitWarmUp.Outcome o = JitWarmUp.run(shares(0.4, 0.3, 0.2, 0.1, 0.09, 0.06, 0.01));
        assertEquals(JitWarmUp.MAX_ROUNDS, o.rounds());
        assertFalse(o.settled());
        assertTrue(
                o.describe("8 s").contains("6.0 % of the JVM's CPU (still compiling, more than 3 %)"),
                o.describe("8 s"));
    }

    @Test
    void run_cpuNotReadable_oneRoundOnly() throws InterruptedException {
        assertEquals(1, JitWarmUp.run(shares(0.0, 0.5)).rounds());
    }
}
