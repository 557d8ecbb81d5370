package org.sdbench.measure.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/**
 * The disk-layout note against the test server: data and WAL found where the server says, on the
 * mount the JDK itself sees for that path; a WAL link to another file system followed; a path or
 * a privilege that is missing gives a note or a status, never an exception.
 */
class DiskProbeTest {
    private static final String SCHEMA = "it_diskprobe";

    private static List<Mount> mounts() throws Exception {
        return Mount.parse(Files.readAllLines(Path.of("/proc/self/mountinfo")));
    }

    @Test
    void capture_localServer_dataAndWalOnTheFileSystemTheJdkReports() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            String dataDirectory;
            try (Connection c = db.connect();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT setting FROM pg_settings WHERE name = 'data_directory'")) {
                rs.next();
                dataDirectory = rs.getString(1);
            }
            DiskLayout layout = DiskProbe.capture(db);
            assertEquals("ok", layout.status(), layout.toString());
            DiskLayout.Location data = layout.locations().get(0);
            DiskLayout.Location wal = layout.locations().get(1);
            assertEquals("data", data.role());
            assertEquals(dataDirectory, data.path());
            assertEquals("wal", wal.role());
            assertEquals(Path.of(dataDirectory, "pg_wal").toString(), wal.path());
            for (DiskLayout.Location l : List.of(data, wal)) {
                assertNotNull(l.realPath(), l.toString());
                assertEquals(Path.of(l.path()).toRealPath().toString(), l.realPath(), "links resolved");
                FileStore store = Files.getFileStore(Path.of(l.realPath()));
                assertEquals(store.type(), l.fileSystem(), l.toString());
                assertEquals(store.name(), l.device(), l.toString());
                assertTrue(l.mountOptions().startsWith("r"), "rw or ro first: " + l.mountOptions());
            }
        }
    }

    @Test
    void locate_walLinkedToAnotherFileSystem_followsTheLink(@TempDir Path dir) throws Exception {
        Path shm = Path.of("/dev/shm");
        List<Mount> mounts = mounts();
        Mount shmMount = Mount.containing(mounts, shm.toString());
        assumeTrue(
                Files.isWritable(shm)
                        && shmMount != null
                        && shmMount.mountPoint().equals("/dev/shm"),
                "needs a writable /dev/shm mount");
        Path target = Files.createTempDirectory(shm, "sdbench-wal-");
        try {
            Path link = Files.createSymbolicLink(dir.resolve("pg_wal"), target);
            DiskLayout.Location wal = DiskProbe.locate("wal", link.toString(), mounts);
            assertEquals(link.toString(), wal.path());
            assertEquals(target.toRealPath().toString(), wal.realPath());
            assertEquals("/dev/shm", wal.mountPoint());
            assertEquals(Files.getFileStore(target).type(), wal.fileSystem());
            assertNull(wal.note());
            assertTrue(
                    !wal.mountPoint()
                                    .equals(DiskProbe.locate("data", dir.toString(), mounts)
                                            .mountPoint())
                            || dir.toRealPath().startsWith(shm),
                    "the link leads to another mount than its directory");
        } finally {
            Files.deleteIfExists(target);
        }
    }

    @Test
    void locate_pathNotReadable_noteAndTheMountOfThePathAsGiven() throws Exception {
        DiskLayout.Location l = DiskProbe.locate("wal", "/nonexistent-sdbench/pg_wal", mounts());
        assertNull(l.realPath());
        assertTrue(l.note().startsWith("cannot resolve links from here (NoSuchFileException)"), l.note());
        assertEquals("/", l.mountPoint());
    }

    @Test
    void capture_userWithoutPrivilege_statusNamesTheMissingPrivilege() throws Exception {
        String role = "sdbench_it_diskprobe";
        try (Database admin = TestDb.open(TestDb.config(SCHEMA));
                Connection c = admin.connect();
                Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS " + role);
            s.execute("CREATE ROLE " + role + " LOGIN");
            try (Database db = TestDb.open(TestDb.config(SCHEMA, "database.user=" + role))) {
                try (Connection probe = db.connect()) {
                    probe.isValid(5);
                } catch (SQLException e) {
                    Assumptions.abort("the test server asks this role for a password: " + e.getMessage());
                }
                DiskLayout layout = DiskProbe.capture(db);
                assertTrue(layout.status().startsWith("reading data_directory failed"), layout.status());
                assertTrue(layout.status().endsWith("it needs superuser or pg_read_all_settings"), layout.status());
                assertEquals(List.of(), layout.locations());
            } finally {
                s.execute("DROP ROLE " + role);
            }
        }
    }
}
