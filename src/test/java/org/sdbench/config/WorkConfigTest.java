package org.sdbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.core.SdStep;
import org.sdbench.database.load.TestDb;

class WorkConfigTest {
    private final ConfigLoader loader = new ConfigLoader(Path.of(""));

    @TempDir
    Path tmp;

    private Path quickWith(String from, String to) throws IOException {
        String yaml = Files.readString(Path.of("workloads/sd-quick.yaml"));
        assertTrue(yaml.contains(from), from);
        return Files.writeString(tmp.resolve("w.yaml"), yaml.replaceFirst(Pattern.quote(from), to));
    }

    private String fails(Path workload) {
        return assertThrows(ConfigException.class, () -> loader.load(null, workload, List.of()))
                .getMessage();
    }

    @Test
    void load_standardWorkload_unitsPerStepAndModule() {
        var w = loader.load(Path.of("config/two-tier.yaml"), null, List.of()).workload();
        assertEquals(37_700, w.step(SdStep.VA01_ITEMS).units().total());
        assertEquals(22_700, w.step(SdStep.VA01_ITEMS).units().of(WorkKind.ITAB));
        assertEquals(21_200, w.updateWorkOf("SD_ORDER_CREATE").total());
        assertEquals(0, w.updateWorkOf("NOT_CONFIGURED").total(), "a module not named does no work");
        assertEquals(3100, w.calibration().referenceSaps());
        assertEquals(764_000, w.calibration().unitsPerCpuSecond());
    }

    @Test
    void calibration_withoutSpeed_loadsWithNull() {
        assertEquals(null, new WorkCalibration("host", 3100, 0.93, null).unitsPerCpuSecond());
    }

    @Test
    void calibration_zeroSpeed_namesKeyAndWhatIsAllowed() {
        String m = assertThrows(ConfigException.class, () -> new WorkCalibration("host", 3100, 0.93, 0.0))
                .getMessage();
        assertTrue(
                m.startsWith(
                        "'workload.calibration.unitsPerCpuSecond' = 0.0 is not allowed: work units per CPU second"),
                m);
    }

    @Test
    void load_quickWorkload_notCalibrated() {
        assertEquals(
                null,
                loader.load(Path.of("config/quick.yaml"), null, List.of())
                        .workload()
                        .calibration());
    }

    @Test
    void load_zeroUnits_namesStepAndKind() throws IOException {
        String m = fails(quickWith("work: { itab: 600,", "work: { itab: 0,"));
        assertTrue(m.startsWith("'workload.steps[VA01/initial].work.itab' = 0 is not allowed: work units from 1"), m);
    }

    @Test
    void load_negativeUnitsInUpdateModule_namesModule() throws IOException {
        String m = fails(quickWith("SD_ORDER_CREATE: { itab: 300,", "SD_ORDER_CREATE: { itab: -5,"));
        assertTrue(m.startsWith("'workload.updateWork.SD_ORDER_CREATE.itab' = -5 is not allowed"), m);
    }

    @Test
    void load_unknownKind_listsKinds() throws IOException {
        String m = fails(quickWith("sort: 100,", "sorting: 100,"));
        assertTrue(
                m.contains("'workload.steps[VA01/initial].work.sorting'")
                        && m.contains("[itab, sort, string, decimal]"),
                m);
    }

    @Test
    void load_unitsForMinutesOfCpu_refused() throws IOException {
        String m = fails(quickWith(
                "work: { itab: 600, sort: 100, string: 200, decimal: 100 }",
                "work: { itab: 40000000, sort: 30000000 }"));
        assertTrue(m.startsWith("'workload.steps[VA01/initial].work'") && m.contains("at most 60000000 units"), m);
    }

    @Test
    void plan_unknownKind_oneLineExit2() throws IOException {
        var r = TestDb.sdbench(
                "plan", "-w", quickWith("sort: 100,", "cpu: 100,").toString());
        assertEquals(2, r.exit(), r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("'workload.steps[VA01/initial].work.cpu'"), err);
        assertFalse(err.contains("\tat "), err);
    }
}
