package org.sdbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sdbench.measure.environment.Environment;
import org.sdbench.report.RunFolder;

class DiffsTest {

    private static RunFolder.Loaded on(Map<String, String> mitigations) {
        return on(mitigations, null);
    }

    private static RunFolder.Loaded on(Map<String, String> mitigations, Environment.Cpu cpu) {
        var host = new Environment.Host(
                "h",
                "Linux",
                "6.18",
                "amd64",
                "cpu",
                2,
                1,
                1L,
                null,
                null,
                null,
                null,
                null,
                null,
                List.of(),
                mitigations,
                cpu);
        var jvm = new Environment.Jvm("25", "vendor", "vm", 1L, List.of("G1"), List.of());
        var db = new Environment.Database("postgresql", "PostgreSQL", "15", "15.20", Map.of(), "ok", null);
        return new RunFolder.Loaded(
                Path.of("run"),
                null,
                List.of(),
                new Environment(Environment.SCHEMA_VERSION, "now", "0.1", host, jvm, db, null, null, null, null),
                Map.of());
    }

    @Test
    void environment_hostsDifferInMitigationsOnKernelEntry_listedOnlyThat() {
        var retpolines = on(Map.of("spectre_v2", "Retpolines; IBPB: conditional", "spectre_v1", "usercopy barriers"));
        var sameTax = on(Map.of("spectre_v2", "Retpolines; IBPB: conditional"));
        var ibrs = on(Map.of("spectre_v2", "Enhanced / Automatic IBRS; IBPB: conditional"));
        assertEquals(
                List.of(),
                Diffs.environment(List.of(retpolines, sameTax)),
                "spectre_v1's barriers act on user copies, not on each system call");
        assertEquals(
                List.of(new CompareResult.Diff(
                        "kernel mitigations",
                        List.of("spectre_v2 Retpolines", "spectre_v2 Enhanced / Automatic IBRS"))),
                Diffs.environment(List.of(retpolines, ibrs)));
    }

    @Test
    void environment_folderWrittenBeforeMitigationsWereRecorded_saysNoneRecorded() {
        var old = on(null);
        var now = on(Map.of("meltdown", "PTI"));
        assertEquals(
                List.of(new CompareResult.Diff("kernel mitigations", List.of("none recorded", "meltdown PTI"))),
                Diffs.environment(List.of(old, now)));
    }

    @Test
    void environment_sameModelNameOtherStepping_listsCpuSignature() {
        var a = on(Map.of(), new Environment.Cpu("GenuineIntel", 6, 85, 4, "0x2006e05", "Xeon"));
        var b = on(Map.of(), new Environment.Cpu("GenuineIntel", 6, 85, 7, "0x5003604", "Xeon"));
        assertEquals(
                List.of(new CompareResult.Diff(
                        "cpu signature",
                        List.of(
                                "GenuineIntel family 6 model 85 stepping 4, microcode 0x2006e05",
                                "GenuineIntel family 6 model 85 stepping 7, microcode 0x5003604"))),
                Diffs.environment(List.of(a, b)));
    }
}
