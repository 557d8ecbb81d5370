package org.sdbench.measure.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sdbench.report.Json;

class HostProbeTest {
    private static final String INTEL = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            cpu family\t: 6
            model\t\t: 85
            model name\t: Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz
            stepping\t: 7
            microcode\t: 0x5003604
            cpu MHz\t\t: 2499.998

            processor\t: 1
            vendor_id\t: GenuineIntel
            cpu family\t: 6
            model\t\t: 85
            model name\t: Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz
            stepping\t: 7
            microcode\t: 0x5003605
            """;

    private static final String AMD_VM = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 26
            model\t\t: 2
            model name\t: AMD EPYC
            stepping\t: 1
            cpu MHz\t\t: 2096.042
            """;

    private static Environment.Host host(String hostname, Environment.Cpu cpu, int logicalCpus, long memoryBytes) {
        return new Environment.Host(
                hostname,
                "Linux",
                "6",
                "amd64",
                cpu == null ? "AMD EPYC" : cpu.modelName(),
                logicalCpus,
                1,
                memoryBytes,
                null,
                null,
                null,
                null,
                null,
                null,
                List.of(),
                Map.of(),
                cpu);
    }

    @Test
    void cpu_intelCpuinfo_readsFirstProcessorWithMicrocode() {
        assertEquals(
                new Environment.Cpu(
                        "GenuineIntel", 6, 85, 7, "0x5003604", "Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz"),
                HostProbe.cpu(INTEL.lines().toList()));
    }

    @Test
    void cpu_vmWithoutMicrocodeLine_microcodeNull() {
        Environment.Cpu cpu = HostProbe.cpu(AMD_VM.lines().toList());
        assertEquals(new Environment.Cpu("AuthenticAMD", 26, 2, 1, null, "AMD EPYC"), cpu);
        assertEquals("AuthenticAMD family 26 model 2 stepping 1", cpu.signature());
    }

    @Test
    void cpu_armCpuinfoWithoutX86Fields_nullsWhereAbsent() {
        String arm = "processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n";
        assertEquals(
                new Environment.Cpu(null, null, null, null, null, null),
                HostProbe.cpu(arm.lines().toList()));
    }

    @Test
    void cpu_noCpuinfo_null() {
        assertNull(HostProbe.cpu(List.of()));
    }

    @Test
    void identity_sameCpuCountsAndMemoryOtherHostnameAndMicrocode_equal() {
        var a = HostProbe.cpu(INTEL.lines().toList());
        var b = new Environment.Cpu(a.vendor(), a.family(), a.model(), a.stepping(), "0x5003999", a.modelName());
        long kernelReservedDifference = 40L << 20;
        assertEquals(
                host("pod-1", a, 2, 8_000_000_000L).identity(),
                host("pod-2", b, 2, 8_000_000_000L - kernelReservedDifference).identity());
    }

    @Test
    void identity_otherSteppingCpusOrMemory_differs() {
        var a = HostProbe.cpu(INTEL.lines().toList());
        var stepping = new Environment.Cpu(a.vendor(), a.family(), a.model(), 4, a.microcode(), a.modelName());
        String base = host("h", a, 2, 8L << 30).identity();
        assertNotEquals(base, host("h", stepping, 2, 8L << 30).identity());
        assertNotEquals(base, host("h", a, 4, 8L << 30).identity());
        assertNotEquals(base, host("h", a, 2, 16L << 30).identity());
        assertEquals(
                "GenuineIntel family 6 model 85 stepping 7 (Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz)"
                        + " | 2 logical CPUs | 8GiB",
                base);
    }

    @Test
    void identity_folderWrittenBeforeCpuWasRecorded_neverMatchesFullIdentity() {
        var now = host("h", HostProbe.cpu(AMD_VM.lines().toList()), 2, 8L << 30);
        var old = host("h", null, 2, 8L << 30);
        assertNotEquals(now.identity(), old.identity());
        assertEquals("cpu AMD EPYC | 2 logical CPUs | 8GiB", old.identity());
    }

    @Test
    void host_environmentJsonWrittenBeforeCpuWasRecorded_cpuNull() throws IOException {
        String json = "{\"hostname\":\"h\",\"os\":\"Linux\",\"kernel\":\"6\",\"arch\":\"amd64\",\"cpuModel\":\"cpu\","
                + "\"logicalCpus\":2,\"notes\":[]}";
        assertNull(Json.MAPPER.readValue(json, Environment.Host.class).cpu());
    }

    @Test
    void host_writtenAndReadBack_keepsCpuAndWritesNoIdentityField() throws IOException {
        var h = host("h", HostProbe.cpu(INTEL.lines().toList()), 2, 8L << 30);
        String json = Json.MAPPER.writeValueAsString(h);
        assertEquals(h, Json.MAPPER.readValue(json, Environment.Host.class));
        assertFalse(json.contains("identity") || json.contains("signature"), json);
    }
}
