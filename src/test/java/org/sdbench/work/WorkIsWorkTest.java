package org.sdbench.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The work is work, not time: the same units cost clearly more CPU when the JVM runs slower code.
 * A time-based burn (spin until N ms of CPU passed) would report the same CPU in both JVMs; this
 * engine, run by the bytecode interpreter instead of the JIT, needs many times more.
 */
class WorkIsWorkTest {
    private static final long UNITS = 20_000;

    @Test
    void sameUnits_interpretedJvm_takesClearlyMoreCpuForTheSameResult() throws Exception {
        long[] jit = child(List.of(), 400_000);
        long[] interpreted = child(List.of("-Xint"), 2_000);
        assertEquals(jit[1], interpreted[1], "the same work in both JVMs");
        double ratio = (double) interpreted[0] / jit[0];
        // The interpreter is typically 10-50x slower on this code; 3x leaves room for a noisy host.
        assertTrue(
                ratio > 3,
                "interpreted / JIT CPU for " + UNITS + " units = " + ratio + " (" + interpreted[0] + " ns vs " + jit[0]
                        + " ns)");
    }

    private static long[] child(List<String> jvmOptions, long warmUp) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of(
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                WorkCpuChild.class.getName(),
                Long.toString(UNITS),
                Long.toString(warmUp)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                throw new AssertionError("child JVM " + jvmOptions + " did not finish within 120 s");
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, p.exitValue(), out);
            String[] f = out.lines().reduce((a, b) -> b).orElse("").split(" ");
            return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
        } finally {
            p.destroyForcibly();
        }
    }
}
