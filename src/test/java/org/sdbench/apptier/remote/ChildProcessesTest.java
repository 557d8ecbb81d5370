package org.sdbench.apptier.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ChildProcessesTest {
    /** The default of {@code ${SDBENCH_JVM_OPTS:-…}} in a shell script. */
    private static final Pattern DEFAULT = Pattern.compile("\\$\\{SDBENCH_JVM_OPTS:-([^}]*)}");

    @Test
    void jvmOptions_launcherAndBenchScripts_sameDefaultsAsTheChildren() throws IOException {
        String children = String.join(" ", ChildProcesses.JVM_OPTIONS);
        for (String script : List.of("sdbench", "bench/ab-overhead.sh", "bench/simulator.sh")) {
            List<String> defaults = DEFAULT.matcher(Files.readString(Path.of(script)))
                    .results()
                    .map(r -> r.group(1))
                    .toList();
            assertFalse(defaults.isEmpty(), script + " names no SDBENCH_JVM_OPTS default");
            defaults.forEach(d -> assertEquals(children, d, script));
        }
        // bench/syscalls.sh, bench/context-switches.sh and bench/profile.sh start their JVM through bench/sql-round.sh.
        assertFalse(
                Files.readString(Path.of("bench/sql-round.sh"))
                        .lines()
                        .filter(l -> l.contains("-Dsdbench.home"))
                        .filter(l -> l.contains(children))
                        .toList()
                        .isEmpty(),
                "bench/sql-round.sh runs its JVM with " + children);
    }
}
