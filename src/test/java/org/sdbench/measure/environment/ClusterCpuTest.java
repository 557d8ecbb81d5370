package org.sdbench.measure.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;
import org.sdbench.database.load.ThrowawayCluster;

/**
 * The CPU of one cluster, on real servers: a throwaway cluster of the test's own beside the test
 * server (another cluster on the same host), and backends that do work and exit between samples.
 */
class ClusterCpuTest {
    /** About a second of one core: enough to stand far above either cluster's idle background work. */
    private static final String BURN = "SELECT sum(i::bigint * i) FROM (SELECT generate_series(1, 20000000) AS i) s";

    private static final String SHORT_BURN =
            "SELECT sum(i::bigint * i) FROM (SELECT generate_series(1, 3000000) AS i) s";

    private static ThrowawayCluster cluster;
    private static Path data;

    @BeforeAll
    static void start() throws Exception {
        var bin = ThrowawayCluster.binaries();
        assumeTrue(bin.isPresent(), "no PostgreSQL binaries under /usr/lib/postgresql");
        Path dir = Path.of("target", "cluster-cpu").toAbsolutePath();
        cluster = ThrowawayCluster.start(bin.get(), dir);
        data = dir.resolve("data");
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static Connection own() throws SQLException {
        return DriverManager.getConnection(cluster.url(), "postgres", "");
    }

    private static Connection other() throws SQLException {
        return DriverManager.getConnection(TestDb.url(), "postgres", "");
    }

    private static ClusterCpu located(Connection c, Path dataDirectory) {
        var found = assertInstanceOf(ClusterCpu.Found.class, ClusterCpu.locate(c, true, dataDirectory, null));
        return found.cpu();
    }

    private static long backendPid(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void run(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
        }
    }

    @Test
    void locate_dataDirectoryGiven_postmasterFromItsPidFile() throws Exception {
        try (Connection c = own()) {
            var found = assertInstanceOf(ClusterCpu.Found.class, ClusterCpu.locate(c, true, data, null));
            long pid = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid"))
                    .getFirst()
                    .strip());
            assertEquals(pid, found.cpu().postmasterPid());
            assertTrue(found.how().contains("postmaster.pid"), found.how());
        }
    }

    @Test
    void locate_externalLocalServer_postmasterIsTheBackendsParent() throws Exception {
        try (Connection c = own()) {
            var found = assertInstanceOf(ClusterCpu.Found.class, ClusterCpu.locate(c, true, null, null));
            long pid = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid"))
                    .getFirst()
                    .strip());
            assertEquals(pid, found.cpu().postmasterPid());
            assertTrue(found.how().contains("parent of this connection's backend"), found.how());
        }
    }

    @Test
    void locate_remoteServer_absentWithAReason() throws Exception {
        try (Connection c = own()) {
            var absent = assertInstanceOf(ClusterCpu.Absent.class, ClusterCpu.locate(c, false, null, null));
            assertTrue(absent.reason().contains("another host"), absent.reason());
        }
    }

    @Test
    void sample_anotherClusterBurnsCpu_notCountedHereButThere() throws Exception {
        try (Connection mine = own();
                Connection theirs = other()) {
            ClusterCpu here = located(mine, data);
            ClusterCpu there = located(theirs, null);
            assertNotEquals(here.postmasterPid(), there.postmasterPid(), "two clusters, two postmasters");
            long cpu0 = ClusterCpu.runNanos(backendPid(theirs));
            long here0 = here.sample().clusterTicks();
            long there0 = there.sample().clusterTicks();
            run(theirs, BURN);
            long burnt = (ClusterCpu.runNanos(backendPid(theirs)) - cpu0) / 10_000_000;
            long hereTicks = here.sample().clusterTicks() - here0;
            long thereTicks = there.sample().clusterTicks() - there0;
            assertTrue(burnt >= 30, "the burn took " + burnt + " ticks of CPU");
            assertTrue(thereTicks >= burnt - 2, "the other cluster counts its burn: " + thereTicks + " of " + burnt);
            assertTrue(hereTicks < burnt / 3, "this cluster counts " + hereTicks + " ticks of the other's " + burnt);
        }
    }

    @Test
    void sample_backendsExitDuringTheWindow_neverDropsAndKeepsTheirCpu() throws Exception {
        ClusterCpu cpu;
        try (Connection c = own()) {
            cpu = located(c, data);
        }
        long start = cpu.sample().clusterTicks();
        long previous = start;
        long burntNanos = 0;
        List<Long> gone = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            try (Connection c = own()) {
                long pid = backendPid(c);
                long before = ClusterCpu.runNanos(pid);
                run(c, SHORT_BURN);
                burntNanos += ClusterCpu.runNanos(pid) - before;
                gone.add(pid);
            }
            long now = cpu.sample().clusterTicks();
            assertTrue(now >= previous, "the figure dropped from " + previous + " to " + now + " after backend " + i);
            previous = now;
        }
        // The last backends may still be exiting: wait until the postmaster has reaped every one.
        for (long pid : gone) {
            var handle = ProcessHandle.of(pid);
            if (handle.isPresent()) {
                handle.get().onExit().get(30, TimeUnit.SECONDS);
            }
        }
        assertTrue(gone.stream().noneMatch(p -> Files.exists(Path.of("/proc", Long.toString(p)))), "reaped");
        long end = cpu.sample().clusterTicks();
        assertTrue(end >= previous, "the figure dropped once the backends were reaped: " + previous + " -> " + end);
        // utime and stime count whole ticks: each of the six backends may lose up to two.
        long burntTicks = burntNanos / 10_000_000;
        assertTrue(
                end - start >= burntTicks - 12,
                "the exited backends' " + burntTicks + " ticks are in the figure: " + (end - start));
    }
}
