package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CpuWindowTest {

    @Test
    void between_threadsAndBackends_splitByGroupAndDatabase() {
        CpuSnapshot a = new CpuSnapshot(
                0,
                1_000_000_000L,
                new MachineCpu(1000, 800),
                Map.of(1L, new ProcStat("dia-1-0", 10), 2L, new ProcStat("ForkJoinPool-1-", 5)),
                Map.of(500L, new ProcStat("C2 CompilerThre", 40)),
                Map.of(100L, new ProcStat("postgres", 50), 101L, new ProcStat("postgres", 7)),
                Set.of(100L));
        CpuSnapshot b = new CpuSnapshot(
                2_000_000_000L,
                1_600_000_000L,
                new MachineCpu(1400, 1000),
                Map.of(
                        1L,
                        new ProcStat("dia-1-0", 30),
                        2L,
                        new ProcStat("ForkJoinPool-1-", 6),
                        3L,
                        new ProcStat("ZWorkerYoung#0", 4)),
                Map.of(500L, new ProcStat("C2 CompilerThre", 55), 501L, new ProcStat("C1 CompilerThre", 2)),
                Map.of(100L, new ProcStat("postgres", 110), 101L, new ProcStat("postgres", 9)),
                Set.of(100L));
        CpuWindow w = CpuWindow.between(a, b);
        assertEquals(2.0, w.seconds(), 1e-9);
        assertEquals(600_000_000L, w.jvmNanos());
        assertEquals(4_000_000_000L, w.machineNanos());
        assertEquals(2.0, w.machineCpus(), 1e-9);
        assertEquals(2_000_000_000L, w.machineBusyNanos());
        assertEquals(200_000_000L, w.group(ThreadGroups.DIALOG));
        assertEquals(10_000_000L, w.group(ThreadGroups.VIRTUAL));
        assertEquals(40_000_000L, w.group(ThreadGroups.GC), "a thread born in the window counts whole");
        assertEquals(620_000_000L, w.postgresNanos());
        assertEquals(600_000_000L, w.dbBackendNanos());
        assertEquals(2_000_000_000L - 600_000_000L - 620_000_000L, w.otherNanos());
        assertEquals(15.0, w.percentOfMachine(600_000_000L), 1e-9);
        assertEquals(170_000_000L, w.childJitNanos(), "the child processes' compilers, a new one whole");
    }

    @Test
    void between_recycledIdWithNewName_countedFromZero() {
        CpuSnapshot a = new CpuSnapshot(
                0, 0, MachineCpu.UNKNOWN, Map.of(7L, new ProcStat("old", 500)), Map.of(), Map.of(), Set.of());
        CpuSnapshot b = new CpuSnapshot(
                1, 0, MachineCpu.UNKNOWN, Map.of(7L, new ProcStat("upd-1-0", 3)), Map.of(), Map.of(), Set.of());
        assertEquals(30_000_000L, CpuWindow.between(a, b).group(ThreadGroups.UPDATE));
    }

    @Test
    void threadGroups_jvmThreadNames_classified() {
        assertEquals(ThreadGroups.DIALOG, ThreadGroups.of("dia-2-3"));
        assertEquals(ThreadGroups.UPDATE, ThreadGroups.of("upd-1-0"));
        assertEquals(ThreadGroups.VIRTUAL, ThreadGroups.of("ForkJoinPool-1-"));
        assertEquals(ThreadGroups.JIT, ThreadGroups.of("C2 CompilerThre"));
        assertEquals(ThreadGroups.GC, ThreadGroups.of("GC Thread#0"));
        assertEquals(ThreadGroups.OTHER, ThreadGroups.of("sdbench-instanc"));
    }
}
