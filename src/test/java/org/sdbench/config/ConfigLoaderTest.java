package org.sdbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
    private final ConfigLoader loader = new ConfigLoader(Path.of(""));

    @TempDir
    Path tmp;

    private ConfigException fails(Path config, String... sets) {
        return assertThrows(ConfigException.class, () -> loader.load(config, null, List.of(sets)));
    }

    private Path file(String name, String yaml) throws IOException {
        return Files.writeString(tmp.resolve(name), yaml);
    }

    @Test
    void load_quickConfig_layersDefaultsConfigWorkloadAndSets() {
        SdbenchConfig c = loader.load(Path.of("config/quick.yaml"), null, List.of("appServer.instances=3"));
        assertEquals("quick", c.name());
        assertEquals(Duration.ofMillis(200), c.workload().thinkTime(), "from workloads/sd-quick.yaml");
        assertEquals(2, c.appServer().updateWorkProcesses(), "from config/quick.yaml");
        assertEquals(3, c.appServer().instances(), "from --set, applied last");
        assertEquals(16384, c.appServer().userContextBytes(), "from the built-in defaults");
        assertEquals(15, c.workload().steps().size());
        assertEquals(9000, c.workload().bufferSize("RV_BELEG"));
    }

    @Test
    void load_setOverridesWorkloadFile_setWins() {
        SdbenchConfig c = loader.load(Path.of("config/quick.yaml"), null, List.of("workload.thinkTime=1s"));
        assertEquals(Duration.ofSeconds(1), c.workload().thinkTime());
    }

    @Test
    void load_unknownKeyInFile_namesFileAndKeyAndAllowedKeys() throws IOException {
        Path f = file("bad.yaml", "run:\n  userz: 3\n");
        var e = fails(f);
        assertTrue(
                e.getMessage().contains("bad.yaml")
                        && e.getMessage().contains("unknown key 'run.userz'")
                        && e.getMessage().contains("users"),
                e.getMessage());
    }

    @Test
    void load_unknownSetKey_namesKey() {
        assertTrue(fails(null, "appServer.dialogWP=4").getMessage().contains("unknown key 'appServer.dialogWP'"));
    }

    @Test
    void load_wrongType_namesKeyValueAndExpectedType() {
        var e = fails(null, "run.users=many");
        assertEquals("'run.users' = 'many' is not allowed: " + Numbers.WHOLE, e.getMessage());
    }

    @Test
    void load_zeroOrNegativeCounts_rejectedWithRange() {
        assertEquals(
                "'run.users' = 0 is not allowed: 1 to 1000000",
                fails(null, "run.users=0").getMessage());
        assertTrue(fails(null, "appServer.dialogWorkProcesses=-1")
                .getMessage()
                .startsWith("'appServer.dialogWorkProcesses' = -1 is not allowed"));
        assertTrue(fails(null, "workload.lineItems=0").getMessage().startsWith("'workload.lineItems' = 0"));
    }

    @Test
    void load_negativeThinkTime_rejected() {
        var e = fails(null, "workload.thinkTime=-1s");
        assertTrue(e.getMessage().startsWith("'workload.thinkTime' = '-1s' is not allowed"), e.getMessage());
    }

    @Test
    void load_durationWithoutUnit_rejected() {
        assertTrue(fails(null, "run.duration=30").getMessage().contains("a duration with a unit"));
    }

    @Test
    void load_missingConfigFile_namesFile() {
        assertEquals(
                "--config: file 'nope.yaml' not found (give the path of a YAML file)",
                fails(Path.of("nope.yaml")).getMessage());
    }

    @Test
    void load_missingWorkloadFile_namesKeyAndFile() {
        assertTrue(fails(null, "run.workload=workloads/none.yaml")
                .getMessage()
                .startsWith("run.workload: file 'workloads/none.yaml' not found"));
    }

    @Test
    void load_badEnum_listsAllowedValues() {
        assertTrue(fails(null, "appServer.layout=four-tier").getMessage().contains("two-tier, three-tier"));
    }

    @Test
    void load_cpuSplit_defaultNoneAndTuningConfigAuto() {
        assertEquals(
                CpuSplitMode.NONE,
                loader.load(Path.of("config/quick.yaml"), null, List.of()).run().cpuSplit());
        assertEquals(
                CpuSplitMode.AUTO,
                loader.load(Path.of("config/tuning.yaml"), null, List.of())
                        .run()
                        .cpuSplit());
    }

    @Test
    void load_cpuSplitUnknownValue_namesKeyValueAndAllowed() {
        assertEquals(
                "'run.cpuSplit': 'half' is not allowed: one of [none, auto]",
                fails(null, "run.cpuSplit=half").getMessage());
    }

    @Test
    void load_invalidYaml_namesFileAndLine() throws IOException {
        Path f = file("broken.yaml", "run:\n  users: [1,\n");
        assertTrue(fails(f).getMessage().startsWith(f + ":"), "file and line first");
    }

    @Test
    void load_unknownNumberRangeObject_listsObjects() {
        assertTrue(fails(null, "workload.numberRangeBuffers.FOO=1").getMessage().contains("RV_BELEG"));
    }

    @Test
    void load_stepsOutOfOrder_namesPositionAndExpectedStep() throws IOException {
        String steps = Files.readString(Path.of("workloads/sd-quick.yaml")).replace("step: initial", "step: save");
        Path w = file("w.yaml", steps);
        var e = assertThrows(ConfigException.class, () -> loader.load(null, w, List.of()));
        assertTrue(
                e.getMessage().startsWith("'workload.steps[0]' = 'VA01/save' is not allowed: step VA01/initial"),
                e.getMessage());
    }

    @Test
    void load_passwordInUrl_refusedWithoutEchoingIt() {
        var e = fails(null, "database.kind=postgresql", "database.url=jdbc:postgresql://h/db?password=secret");
        assertTrue(e.getMessage().contains("<hidden>") && !e.getMessage().contains("secret"), e.getMessage());
    }

    @Test
    void toYaml_effectiveConfig_durationsReadableAndReloadable() throws IOException {
        SdbenchConfig c = loader.load(Path.of("config/quick.yaml"), null, List.of());
        String yaml = ConfigLoader.toYaml(c);
        assertTrue(yaml.contains("thinkTime: \"200ms\"") || yaml.contains("thinkTime: 200ms"), yaml);
        Path again = file("effective.yaml", yaml);
        assertEquals(c, loader.load(again, Path.of(c.run().workload()), List.of()));
    }

    /** A process started by a three-tier run reads the run's effective config: the run's workload overrides must survive. */
    @Test
    void workloadYaml_effectiveConfigWithWorkloadSet_childSeesTheOverride() throws IOException {
        SdbenchConfig c = loader.load(Path.of("config/quick.yaml"), null, List.of("workload.customersPerUser=1"));
        Path config = file("effective.yaml", ConfigLoader.toYaml(c));
        Path workload = file("workload.yaml", ConfigLoader.workloadYaml(c));
        assertEquals(
                5,
                loader.load(config, null, List.of()).workload().customersPerUser(),
                "the workload file named in the effective config, layered over it");
        SdbenchConfig child = loader.load(config, workload, List.of());
        assertEquals(1, child.workload().customersPerUser());
        assertEquals(c.workload(), child.workload());
    }

    @Test
    void load_keyTwice_namesKey() throws IOException {
        Path f = file("dup.yaml", "run:\n  users: 7\n  seed: 3\n  users: 8\n");
        assertEquals(f + ":4: key 'run.users' is given twice: give each key once", fails(f).getMessage());
    }

    @Test
    void load_sectionTwice_namesSection() throws IOException {
        Path f = file("dup.yaml", "run:\n  users: 7\nrun:\n  seed: 3\n");
        assertTrue(fails(f).getMessage().contains("key 'run' is given twice"));
    }

    @Test
    void load_secondDocument_refused() throws IOException {
        Path f = file("multi.yaml", "run:\n  users: 7\n---\nrun:\n  seed: 3\n");
        assertTrue(fails(f).getMessage().contains("a second YAML document ('---') is not allowed"));
    }

    @Test
    void load_nonAsciiDigits_namesKey() throws IOException {
        assertEquals(
                "'run.users' = '\u0663' is not allowed: " + Numbers.WHOLE,
                fails(null, "run.users=\u0663").getMessage());
        Path f = file("digits.yaml", "run:\n  users: \"\u0663\"\n");
        assertTrue(fails(f).getMessage().startsWith("'run.users' = '\u0663'"));
    }

    @Test
    void load_yaml11NumbersInFile_refusedNamingLineKeyAndValue() throws IOException {
        for (String v : List.of("010", "0x10", "0b1", "1_000", "+5", "0o7", "\"010\"")) {
            Path f = file("n.yaml", "name: x\nrun:\n  users: " + v + "\n");
            String m = fails(f).getMessage();
            String shown = v.replace("\"", "");
            assertTrue(m.contains("'run.users' = '" + shown + "' is not allowed: " + Numbers.WHOLE), v + ": " + m);
        }
        assertTrue(fails(file("l.yaml", "name: x\nrun:\n  users: 010\n"))
                .getMessage()
                .startsWith(tmp.resolve("l.yaml") + ":3: "));
        for (String v : List.of(".5", "1_0.5", "0x1p-1")) {
            String m = fails(file("f.yaml", "workload:\n  thinkTimeJitter: " + v + "\n"))
                    .getMessage();
            assertTrue(m.contains("'workload.thinkTimeJitter' = '" + v + "' is not allowed: " + Numbers.DECIMAL), m);
        }
    }

    @Test
    void load_yaml11NumbersInSet_refusedNamingKey() {
        for (String v : List.of("010", "0x10", "0b1", "1_000", "+5")) {
            assertEquals(
                    "--set: 'run.users' = '" + v + "' is not allowed: " + Numbers.WHOLE,
                    fails(null, "run.users=" + v).getMessage());
        }
        assertTrue(fails(null, "name=0x10").getMessage().startsWith("--set: 'name' = '0x10'"));
    }

    @Test
    void load_decimalNumbers_accepted() {
        SdbenchConfig c = loader.load(null, null, List.of("run.users=10", "load.seed=0", "run.users=\"12\""));
        assertEquals(12, c.run().users());
    }

    @Test
    void load_oversizedFile_refusedQuickly() throws IOException {
        Path f = file("big.yaml", "name: " + "a".repeat(SmallFile.CONFIG_LIMIT) + "\n");
        var e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> fails(f));
        assertTrue(e.getMessage().contains("is larger than 1024 KiB"), e.getMessage());
    }

    @Test
    void load_deviceAsConfig_saysWhatItIs() {
        assertEquals(
                "--config: '/dev/zero' is a character device, not a regular file: give the path of a file",
                fails(Path.of("/dev/zero")).getMessage());
        assertTrue(fails(tmp).getMessage().contains("is a directory, not a regular file"));
    }

    @Test
    void load_socketTimeoutAboveMax_refusedWithBounds() {
        assertEquals(
                "'database.timeouts.socket' = '597h' is not allowed: a duration from 0s to 24d such as 500ms, 10s, 5m"
                        + " or 1h30m",
                fails(null, "database.timeouts.socket=597h").getMessage());
    }

    @Test
    void load_statementTimeoutOf24d_accepted() {
        var c = loader.load(
                null,
                null,
                List.of(
                        "database.timeouts.statement=24d",
                        "database.timeouts.socket=24d",
                        "database.timeouts.statement=23d"));
        assertEquals(Duration.ofDays(24), c.database().timeouts().socket());
    }
}
