package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessesTest {
    @Test
    void childCompilerThreads_childJvmRunning_findsOnlyItsCompilerThreads(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc here");
        Path source = dir.resolve("Wait.java");
        Files.writeString(
                source,
                "class Wait { public static void main(String[] a) throws Exception {"
                        + " System.out.println(\"up\"); System.in.read(); } }");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(java, source.toString()).start();
        try {
            String up = assertTimeoutPreemptively(
                    Duration.ofSeconds(60), () -> child.inputReader().readLine());
            assertTrue("up".equals(up), "the child JVM did not start: " + up);

            Map<Long, ProcStat> jit = Processes.childCompilerThreads();

            assertFalse(jit.isEmpty(), "a JVM runs a C1 and a C2 compiler thread from its start");
            assertTrue(
                    jit.values().stream()
                            .allMatch(s -> ThreadGroups.of(s.name()).equals(ThreadGroups.JIT)),
                    jit.toString());
            // This JVM's own compilers are its thread groups' business, not a child's.
            assertTrue(
                    jit.keySet().stream().noneMatch(tid -> Files.exists(Path.of("/proc/self/task/" + tid))),
                    jit.toString());
        } finally {
            child.getOutputStream().close();
            if (!child.waitFor(30, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        }
    }
}
