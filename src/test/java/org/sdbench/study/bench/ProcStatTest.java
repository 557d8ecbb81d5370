package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProcStatTest {

    @Test
    void parse_threadNameWithSpacesAndParentheses_cpuFromFields14And15() {
        String line = "4242 (C2 Compiler) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 30 0 100 0 0";
        ProcStat s = ProcStat.parse(line);
        assertEquals("C2 Compiler) x", s.name());
        assertEquals(1234 + 567, s.ticks());
    }

    @Test
    void parse_notAStatLine_rejected() {
        assertThrows(IllegalArgumentException.class, () -> ProcStat.parse("no parentheses here"));
        assertThrows(IllegalArgumentException.class, () -> ProcStat.parse("1 (short) S 1 2"));
    }

    @Test
    void ticksToNanos_userHz100_tenMillisecondsPerTick() {
        assertEquals(10_000_000L, ProcStat.ticksToNanos(1));
    }

    @Test
    void machineCpu_summaryLine_guestNotCountedTwiceIowaitIdle() {
        MachineCpu m = MachineCpu.parse("cpu  100 5 50 800 20 3 2 1 40 0");
        assertEquals(100 + 5 + 50 + 800 + 20 + 3 + 2 + 1, m.totalTicks());
        assertEquals(820, m.idleTicks());
        assertEquals(161, m.busyTicks());
    }

    @Test
    void servesDatabase_backendTitles_matchOnlyThatDatabase() {
        assertTrue(Processes.servesDatabase(
                "postgres: 15/main: postgres sdbench_perf 127.0.0.1(5432) idle ", "sdbench_perf"));
        assertTrue(Processes.servesDatabase("postgres: postgres sdbench_perf 127.0.0.1(41000) COMMIT", "sdbench_perf"));
        assertFalse(
                Processes.servesDatabase("postgres: 15/main: postgres sdbench 127.0.0.1(5432) idle", "sdbench_perf"));
        assertFalse(Processes.servesDatabase("postgres: 15/main: checkpointer ", "sdbench_perf"));
    }
}
