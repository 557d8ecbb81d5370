package org.sdbench.measure.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The kernel's CPU vulnerability mitigations. Several of them act on every system call or context
 * switch, and a JDBC round trip makes three system calls and usually two switches: on the 2-vCPU hosts
 * measured so far an empty round trip cost a client from 3.5 µs to 16.5 µs, and the hosts differed most in
 * these (docs/performance.md). Recorded with each run so that figures from two hosts can be told apart.
 */
public final class KernelMitigations {
    static final Path SYSFS = Path.of("/sys/devices/system/cpu/vulnerabilities");
    /**
     * Mitigations that work on each kernel entry or exit, context switch or return: page-table
     * isolation, indirect-branch and return thunks, buffer clearing on the way back to user space.
     * The others act on rarer events (user copies, a process that asked) or on VM entry.
     */
    private static final Set<String> ON_KERNEL_ENTRY = Set.of(
            "meltdown",
            "spectre_v2",
            "spec_rstack_overflow",
            "retbleed",
            "mds",
            "tsa",
            "mmio_stale_data",
            "reg_file_data_sampling",
            "indirect_target_selection");

    private static final String MITIGATION = "Mitigation: ";
    /**
     * Without the microcode for its IBPB part the kernel calls SRSO "Vulnerable", but its software
     * return thunk still runs on every return in the kernel, and it costs what it costs mitigated.
     */
    private static final String SAFE_RET_WITHOUT_MICROCODE = "Vulnerable: Safe RET";

    private KernelMitigations() {}

    /**
     * Vulnerability name to the kernel's statement, for those it mitigates (also in part: Safe RET without
     * its microcode); empty where {@code dir} is not readable.
     */
    static Map<String, String> read(Path dir) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String text = HostProbe.read(f);
                if (text != null && text.startsWith(MITIGATION)) {
                    out.put(f.getFileName().toString(), text.substring(MITIGATION.length()));
                } else if (text != null && text.startsWith(SAFE_RET_WITHOUT_MICROCODE)) {
                    out.put(f.getFileName().toString(), "Safe RET; " + text);
                }
            }
        } catch (IOException e) {
            return Map.of();
        }
        return out;
    }

    /**
     * The mitigations that tax every system call or context switch, briefly ({@code spectre_v2 Retpolines,
     * spec_rstack_overflow Safe RET}), or {@code none}.
     */
    public static String onKernelEntry(Map<String, String> mitigations) {
        String s = mitigations.entrySet().stream()
                .filter(e -> ON_KERNEL_ENTRY.contains(e.getKey()))
                .map(e -> e.getKey() + " " + e.getValue().split(";", 2)[0].strip())
                .collect(Collectors.joining(", "));
        return s.isEmpty() ? "none" : s;
    }

    /** {@link #onKernelEntry} of the mitigations stated in {@code dir}, or {@code not readable}. */
    static String of(Path dir) {
        return Files.isReadable(dir) ? onKernelEntry(read(dir)) : "not readable";
    }

    /** {@link #onKernelEntry} of this host. */
    public static String ofThisHost() {
        return of(SYSFS);
    }
}
