package org.sdbench.study.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.stream.Collectors;

/** Live heap: used heap right after a full collection, which is what the users still hold. */
public final class HeapProbe {
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private HeapProbe() {}

    /**
     * Used heap after an explicit full GC. Two collections, because the first can leave objects
     * that only became unreachable during it (finalizable references, cleaner queues).
     */
    public static long usedAfterGc() {
        MEMORY.gc();
        MEMORY.gc();
        return MEMORY.getHeapMemoryUsage().getUsed();
    }

    /** The heap limit (-Xmx) of this JVM. */
    public static long maxHeap() {
        return Runtime.getRuntime().maxMemory();
    }

    public static String collectors() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName)
                .collect(Collectors.joining(", "));
    }
}
