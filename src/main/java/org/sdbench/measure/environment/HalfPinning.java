package org.sdbench.measure.environment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.sdbench.core.EnvironmentException;

/**
 * The two halves of this process's CPUs, for two systems under test side by side on one host: a
 * PostgreSQL server and everything it forks pinned to one half ({@code taskset -a -p}), a program
 * started on a half through {@code taskset -c}. Backends forked after the pinning inherit the
 * postmaster's CPUs.
 */
public final class HalfPinning {
    private final Path taskset;
    private final List<TreeSet<Integer>> halves;

    private HalfPinning(Path taskset, List<TreeSet<Integer>> halves) {
        this.taskset = taskset;
        this.halves = halves;
    }

    /** The halves of this process's CPUs; refuses a host where they cannot be had, saying why. */
    public static HalfPinning ofThisProcess() {
        String os = System.getProperty("os.name", "");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
            throw new EnvironmentException("two CPU halves need Linux's CPU affinity, not " + os);
        }
        TreeSet<Integer> own = Affinity.allowed(ProcessHandle.current().pid());
        if (own == null || own.size() < 2) {
            throw new EnvironmentException("this process may use " + (own == null ? "unknown" : own.size())
                    + " CPU(s); two halves need at least 2");
        }
        Path taskset = Affinity.taskset();
        if (taskset == null) {
            throw new EnvironmentException("taskset is not on PATH (package util-linux): it pins each half");
        }
        TreeSet<Integer> first =
                new TreeSet<>(own.stream().limit(own.size() / 2).toList());
        TreeSet<Integer> second = new TreeSet<>(own);
        second.removeAll(first);
        return new HalfPinning(taskset, List.of(first, second));
    }

    /** Half 0 or 1 as taskset's CPU list, e.g. {@code 0} or {@code 2,3}. */
    public String cpus(int half) {
        return Affinity.format(halves.get(half));
    }

    /** The command prefix that starts a program on {@code half}. */
    public List<String> launcher(int half) {
        return List.of(taskset.toString(), "-c", cpus(half));
    }

    /** Pins the postmaster {@code pid} and all its processes to {@code half}; returns how many were pinned. */
    public int pinServer(long pid, int half) {
        List<Long> pids = new ArrayList<>(List.of(pid));
        pids.addAll(Affinity.descendants(pid));
        int pinned = 0;
        for (long p : pids) {
            try {
                Affinity.set(taskset, p, halves.get(half));
                pinned++;
            } catch (IOException e) {
                if (p == pid) {
                    throw new EnvironmentException("cannot pin the PostgreSQL postmaster (pid " + pid + ") to CPU "
                            + cpus(half) + ": " + e.getMessage());
                }
                // A backend that ended between the listing and taskset: nothing to pin.
            }
        }
        return pinned;
    }

    /** The CPUs a process may run on, as taskset's list, or null when it is gone. */
    public static String allowed(long pid) {
        TreeSet<Integer> cpus = Affinity.allowed(pid);
        return cpus == null ? null : Affinity.format(cpus);
    }
}
