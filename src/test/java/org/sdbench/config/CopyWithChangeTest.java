package org.sdbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A configuration derived by a copy-with-change keeps every other value and passes the same validation. */
class CopyWithChangeTest {
    private final SdbenchConfig quick =
            new ConfigLoader(Path.of("")).load(Path.of("config/quick.yaml"), null, List.of());

    @Test
    void withUsersAndResultsDir_changesOnlyThose() {
        RunConfig r = quick.run().withUsers(42).withResultsDir("elsewhere");
        assertEquals(42, r.users());
        assertEquals("elsewhere", r.resultsDir());
        assertEquals(
                quick.run().withUsers(42).withResultsDir(quick.run().resultsDir()),
                quick.run().withUsers(42));
        assertEquals(quick.run().workload(), r.workload());
        assertEquals(quick.run().seed(), r.seed());
    }

    @Test
    void withPhases_changesOnlyThePhases() {
        RunConfig r = quick.run().withPhases(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ZERO);
        assertEquals(Duration.ofSeconds(2), r.duration());
        assertEquals(
                quick.run()
                        .withPhases(
                                quick.run().rampUp(),
                                quick.run().duration(),
                                quick.run().rampDown()),
                quick.run());
    }

    @Test
    void withUsers_zero_rejectedNamingTheKey() {
        var e = assertThrows(ConfigException.class, () -> quick.run().withUsers(0));
        assertTrue(e.getMessage().contains("run.users") && e.getMessage().contains("1 to 1000000"), e.getMessage());
    }

    @Test
    void withNameAndRun_keepTheOtherSections() {
        SdbenchConfig c = quick.withName("quick-u7").withRun(quick.run().withUsers(7));
        assertEquals("quick-u7", c.name());
        assertEquals(7, c.run().users());
        assertEquals(quick.appServer(), c.appServer());
        assertEquals(quick.workload(), c.workload());
        assertThrows(ConfigException.class, () -> quick.withName("bad name"));
    }

    @Test
    void with_keyAndValue_sameConfigurationAsTheSetOption() {
        SdbenchConfig loaded = new ConfigLoader(Path.of(""))
                .load(
                        Path.of("config/quick.yaml"),
                        null,
                        List.of("appServer.layout=three-tier", "run.users=9", "network.appToDb.delay=1ms"));
        SdbenchConfig derived = quick.with("appServer.layout", "three-tier")
                .with("run.users", "9")
                .with("network.appToDb.delay", "1ms");
        assertEquals(loaded, derived);
        assertEquals(
                loaded,
                quick.withSets(List.of("appServer.layout=three-tier", "run.users=9", "network.appToDb.delay=1ms")));
        assertEquals(quick, quick.with("name", quick.name()));
    }

    @Test
    void with_refusedValueOrKey_rejectedAsTheSetOptionRejectsIt() {
        var e = assertThrows(ConfigException.class, () -> quick.with("run.users", "0"));
        assertTrue(e.getMessage().contains("run.users") && e.getMessage().contains("1 to 1000000"), e.getMessage());
        var unknown = assertThrows(ConfigException.class, () -> quick.with("run.userz", "5"));
        assertTrue(unknown.getMessage().contains("unknown key 'run.userz'"), unknown.getMessage());
        var workload = assertThrows(ConfigException.class, () -> quick.with("run.workload", "workloads/sd-quick.yaml"));
        assertTrue(workload.getMessage().contains("--workload"), workload.getMessage());
    }

    @Test
    void appServerCopies_changeOnlyTheirComponents() {
        AppServerConfig a = quick.appServer();
        assertEquals(1, a.oneInstance().instances());
        assertEquals(0, a.withUserContextBytes(0).userContextBytes());
        assertEquals(a.dialogWorkProcesses(), a.withUserContextBytes(0).dialogWorkProcesses());
        AppServerConfig bare = a.withoutAddresses();
        assertEquals("", bare.central());
        assertEquals("", bare.tokenFile());
        assertEquals(a.connectTimeout(), bare.connectTimeout());
    }
}
