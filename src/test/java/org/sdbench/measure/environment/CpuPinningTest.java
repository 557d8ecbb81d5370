package org.sdbench.measure.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sdbench.config.CpuSplitMode;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

class CpuPinningTest {
    private static final long SELF = ProcessHandle.current().pid();

    private static void assumeSplitPossible() {
        TreeSet<Integer> own = Affinity.allowed(SELF);
        assumeTrue(
                System.getProperty("os.name").startsWith("Linux")
                        && own != null
                        && own.size() >= 2
                        && Affinity.taskset() != null,
                "needs Linux, taskset and at least 2 CPUs");
    }

    /** A shell with two children, standing in for a postmaster and its backends. */
    private static Process processTree() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "sleep 60 & sleep 60 & wait").start();
        for (int i = 0; i < 100 && Affinity.descendants(p.pid()).size() < 2; i++) {
            Thread.sleep(20);
        }
        assertEquals(2, Affinity.descendants(p.pid()).size(), "the shell's two sleeps");
        return p;
    }

    private static String cpusAllowedList(long pid) {
        return HostProbe.lines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst()
                .orElseThrow();
    }

    @Test
    void apply_autoOnProcessTree_pinsTreeAndSelfApartThenPutsBack() throws Exception {
        assumeSplitPossible();
        TreeSet<Integer> own = Affinity.allowed(SELF);
        String ownBefore = cpusAllowedList(SELF);
        Process tree = processTree();
        List<Long> pids = new ArrayList<>(List.of(tree.pid()));
        pids.addAll(Affinity.descendants(tree.pid()));
        List<String> lines = new ArrayList<>();
        try {
            Environment.CpuSplit r;
            try (CpuPinning split = CpuPinning.apply(CpuSplitMode.AUTO, tree::pid, lines::add)) {
                r = split.record();
                assertTrue(r.applied(), String.valueOf(r));
                TreeSet<Integer> db = Affinity.parse(r.databaseCpus());
                TreeSet<Integer> sim = Affinity.parse(r.simulatorCpus());
                assertEquals(own.size() / 2, db.size());
                assertEquals(own.size() - db.size(), sim.size());
                assertTrue(Collections.disjoint(db, sim), r.toString());
                for (long pid : pids) {
                    assertEquals(db, Affinity.parse(cpusAllowedList(pid)), "pid " + pid);
                }
                assertEquals(sim, Affinity.parse(cpusAllowedList(SELF)));
                assertEquals(own.size(), CpuPinning.logicalCpus(), "percentages stay of the CPUs before the split");
                assertEquals(3, r.pinnedProcesses());
                assertEquals(tree.pid(), r.postmasterPid());
            }
            for (long pid : pids) {
                assertEquals(own, Affinity.parse(cpusAllowedList(pid)), "put back: pid " + pid);
            }
            assertEquals(ownBefore, cpusAllowedList(SELF));
            assertEquals(1, lines.size(), lines.toString());
            assertTrue(
                    lines.get(0)
                            .startsWith("run.cpuSplit = auto: the database (postmaster pid " + tree.pid()
                                    + " and 2 more processes) on CPU "),
                    lines.get(0));
        } finally {
            tree.descendants().forEach(ProcessHandle::destroyForcibly);
            tree.destroyForcibly();
        }
    }

    @Test
    void apply_none_changesNothingAndSaysNothing() {
        String before = cpusAllowedList(SELF);
        List<String> lines = new ArrayList<>();
        try (CpuPinning split = CpuPinning.apply(
                CpuSplitMode.NONE,
                () -> {
                    throw new AssertionError("none looks for no postmaster");
                },
                lines::add)) {
            assertEquals(
                    new Environment.CpuSplit("none", false, null, null, null, 0, "not asked for (run.cpuSplit = none)"),
                    split.record());
        }
        assertEquals(List.of(), lines);
        assertEquals(before, cpusAllowedList(SELF));
    }

    @Test
    void apply_postmasterNotFound_oneWarningLineAndUnsplit() {
        assumeSplitPossible();
        String before = cpusAllowedList(SELF);
        List<String> lines = new ArrayList<>();
        try (CpuPinning split = CpuPinning.apply(
                CpuSplitMode.AUTO,
                () -> {
                    throw new CpuPinning.NotPossible("the database is on another host (db.example)");
                },
                lines::add)) {
            assertFalse(split.record().applied());
            assertEquals(
                    "the database is on another host (db.example)",
                    split.record().reason());
            assertNull(split.record().databaseCpus());
        }
        assertEquals(
                List.of("run.cpuSplit = auto not applied: the database is on another host (db.example); the run "
                        + "goes on without the split"),
                lines);
        assertEquals(before, cpusAllowedList(SELF));
    }

    @Test
    void apply_postmasterGone_notAppliedAndSelfUntouched() throws Exception {
        assumeSplitPossible();
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        String before = cpusAllowedList(SELF);
        List<String> lines = new ArrayList<>();
        try (CpuPinning split = CpuPinning.apply(CpuSplitMode.AUTO, done::pid, lines::add)) {
            assertFalse(split.record().applied());
            assertTrue(
                    split.record().reason().contains("is gone"), split.record().reason());
        }
        assertEquals(before, cpusAllowedList(SELF));
        assertEquals(1, lines.size());
    }

    @Test
    void postmasterOf_localPostgres_parentOfTheBackendIsAPostgresProcess() {
        try (Database db = TestDb.open(TestDb.config("public"))) {
            long pm;
            try {
                pm = CpuPinning.postmasterOf(db);
            } catch (CpuPinning.NotPossible e) {
                assumeTrue(false, "test server not in this host's process table: " + e.getMessage());
                return;
            }
            assertEquals("postgres", Affinity.name(pm));
            assertFalse(Affinity.descendants(pm).isEmpty(), "a running postmaster has its background processes");
        }
    }

    @Test
    void parse_kernelListForms_setOfCpus() {
        assertEquals(new TreeSet<>(List.of(0, 1, 2, 3, 6)), Affinity.parse("0-3,6"));
        assertEquals("0,1,2,3,6", Affinity.format(Affinity.parse("0-3,6")));
    }
}
