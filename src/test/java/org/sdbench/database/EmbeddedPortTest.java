package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.core.EnvironmentException;

/**
 * Two homes on one host: each embedded server gets a port of its own, picked once and kept beside its
 * data; a port something else holds is refused within seconds, naming the holder.
 */
class EmbeddedPortTest {
    @TempDir
    Path tmp;

    /** The database section a command of the home {@code home} reads (the embedded server by default). */
    private static DatabaseConfig home(Path home, String... sets) {
        List<String> all = new ArrayList<>(List.of("database.embeddedDir=" + home.resolve("embedded-pg17")));
        all.addAll(List.of(sets));
        return new ConfigLoader(Path.of("")).load(null, null, all).database();
    }

    private static int port(Path home) throws Exception {
        return Integer.parseInt(
                Files.readString(home.resolve("embedded-pg17.port")).strip());
    }

    private static void serves(Database db) throws Exception {
        try (Connection c = db.connect();
                var rs = c.createStatement().executeQuery("SELECT 1")) {
            assertTrue(rs.next());
        }
    }

    @Test
    void open_secondHomeWhileFirstServes_ownPortAndBothServe() throws Exception {
        Path a = tmp.resolve("home-a");
        Path b = tmp.resolve("home-b");
        try (Database first = Database.open(home(a), false)) {
            serves(first);
            try (Database second = Database.open(home(b), false)) {
                serves(second);
                serves(first);
            }
            assertNotEquals(port(a), port(b), "each home its own port");
            EnvironmentException twice = assertTimeoutPreemptively(
                    Duration.ofSeconds(10),
                    () -> assertThrows(EnvironmentException.class, () -> Database.open(home(a), false)));
            assertTrue(twice.getMessage().contains("already running"), twice.getMessage());
        }
        int kept = port(a);
        try (Database again = Database.open(home(a), false)) {
            serves(again);
            assertEquals(kept, port(a), "the port is picked once");
            assertTrue(again.describe().contains(":" + kept + "/"), again.describe());
        }
    }

    @Test
    void open_portHeldByAnotherProcess_refusedWithinSecondsNamingIt() throws Exception {
        try (ServerSocket held = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = held.getLocalPort();
            String me = "pid " + ProcessHandle.current().pid();

            EnvironmentException set = assertTimeoutPreemptively(
                    Duration.ofSeconds(10),
                    () -> assertThrows(
                            EnvironmentException.class,
                            () -> Database.open(home(tmp.resolve("set"), "database.embeddedPort=" + port), false)));
            assertTrue(
                    set.getMessage().contains("port " + port + " of 127.0.0.1: the port is in use by " + me),
                    set.getMessage());
            assertTrue(set.getMessage().contains("database.embeddedPort"), set.getMessage());

            Path recorded = tmp.resolve("recorded");
            Files.createDirectories(recorded);
            Files.writeString(recorded.resolve("embedded-pg17.port"), port + "\n");
            EnvironmentException kept = assertTimeoutPreemptively(
                    Duration.ofSeconds(10),
                    () -> assertThrows(EnvironmentException.class, () -> Database.open(home(recorded), false)));
            assertTrue(kept.getMessage().contains("in use by " + me), kept.getMessage());
            assertTrue(kept.getMessage().contains("delete that file"), kept.getMessage());
            assertEquals(1, kept.getMessage().lines().count());
        }
    }
}
