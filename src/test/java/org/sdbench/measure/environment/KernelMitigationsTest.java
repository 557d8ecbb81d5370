package org.sdbench.measure.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.report.Json;

class KernelMitigationsTest {

    @Test
    void read_mixedStatements_onlyMitigatedOnesWithTheirText(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("spectre_v2"), "Mitigation: Retpolines; IBPB: conditional; STIBP: disabled\n");
        Files.writeString(dir.resolve("spec_rstack_overflow"), "Mitigation: Safe RET\n");
        Files.writeString(dir.resolve("meltdown"), "Not affected\n");
        Files.writeString(dir.resolve("mds"), "Vulnerable: Clear CPU buffers attempted, no microcode\n");
        Files.writeString(
                dir.resolve("spectre_v1"), "Mitigation: usercopy/swapgs barriers and __user pointer sanitization\n");
        Map<String, String> m = KernelMitigations.read(dir);
        assertEquals(
                Map.of(
                        "spectre_v2",
                        "Retpolines; IBPB: conditional; STIBP: disabled",
                        "spec_rstack_overflow",
                        "Safe RET",
                        "spectre_v1",
                        "usercopy/swapgs barriers and __user pointer sanitization"),
                m);
        assertEquals(
                "spec_rstack_overflow Safe RET, spectre_v2 Retpolines",
                KernelMitigations.onKernelEntry(new TreeMap<>(m)),
                "the ones on every kernel entry, first clause only; spectre_v1 is not");
    }

    @Test
    void read_safeRetWithoutMicrocode_countedAsSafeRetOnKernelEntry(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("spec_rstack_overflow"), "Vulnerable: Safe RET, no microcode\n");
        Files.writeString(dir.resolve("mds"), "Vulnerable: Clear CPU buffers attempted, no microcode\n");
        Map<String, String> m = KernelMitigations.read(dir);
        assertEquals(Map.of("spec_rstack_overflow", "Safe RET; Vulnerable: Safe RET, no microcode"), m);
        assertEquals("spec_rstack_overflow Safe RET", KernelMitigations.onKernelEntry(m));
    }

    @Test
    void host_environmentJsonWrittenBeforeMitigationsWereRecorded_readsAsNone() throws IOException {
        String json = "{\"hostname\":\"h\",\"os\":\"Linux\",\"kernel\":\"6\",\"arch\":\"amd64\",\"cpuModel\":\"cpu\","
                + "\"logicalCpus\":2,\"notes\":[]}";
        Environment.Host h = Json.MAPPER.readValue(json, Environment.Host.class);
        assertEquals(Map.of(), h.mitigations());
    }

    @Test
    void read_missingFolder_emptyAndSaidSo(@TempDir Path dir) {
        assertEquals(Map.of(), KernelMitigations.read(dir.resolve("absent")));
        assertEquals("not readable", KernelMitigations.of(dir.resolve("absent")));
        assertEquals("none", KernelMitigations.onKernelEntry(Map.of("spectre_v1", "usercopy barriers")));
    }
}
