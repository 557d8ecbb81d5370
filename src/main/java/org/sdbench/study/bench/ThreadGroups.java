package org.sdbench.study.bench;

import java.util.List;

/**
 * Sorts the JVM's native threads (by their /proc name, which Linux cuts to 15 characters) into the
 * parts of the simulator they belong to, so the CPU per step can be split into driver, app tier
 * and JVM runtime.
 */
public final class ThreadGroups {
    public static final String DIALOG = "dialog work processes (dia-*, incl. JDBC client)";
    public static final String UPDATE = "update work processes (upd-*, incl. JDBC client)";
    public static final String VIRTUAL = "virtual-thread carriers and think timer (users, driver)";
    public static final String REPORTER = "main (metrics harvest, bench probe)";
    public static final String GC = "GC and safepoints (incl. VM Thread)";
    public static final String JIT = "JIT compiler";
    public static final String OTHER = "other JVM threads";

    /** Display order. */
    public static final List<String> ALL = List.of(DIALOG, UPDATE, VIRTUAL, REPORTER, GC, JIT, OTHER);

    private ThreadGroups() {}

    public static String of(String threadName) {
        String n = threadName;
        if (n.startsWith("dia-")) {
            return DIALOG;
        }
        if (n.startsWith("upd-")) {
            return UPDATE;
        }
        if (n.startsWith("ForkJoinPool")
                || n.startsWith("VirtualThread")
                || n.startsWith("Unparker")
                || n.startsWith("think-timer")) {
            return VIRTUAL;
        }
        if (n.equals("main")) {
            return REPORTER;
        }
        if (n.startsWith("C1 Compiler") || n.startsWith("C2 Compiler") || n.startsWith("Compiler")) {
            return JIT;
        }
        if (n.startsWith("GC Thread")
                || n.startsWith("G1 ")
                || n.startsWith("Z")
                || n.startsWith("Shenandoah")
                || n.startsWith("Parallel GC")
                || n.startsWith("VM Periodic")
                || n.equals("VM Thread")) {
            // VM Thread runs the safepoint operations the collectors request.
            return GC;
        }
        return OTHER;
    }
}
