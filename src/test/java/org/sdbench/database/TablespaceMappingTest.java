package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.Skip;
import org.sdbench.database.load.TestDb;

/** database.tablespaces puts a table category into its own tablespace (the whitepaper's layout experiment). */
class TablespaceMappingTest {
    private static final String SCHEMA = "it_tablespaces";
    private static final String TABLESPACE = "sdbench_it_vb";
    private static Path location;

    @BeforeAll
    static void createTablespace() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SHOW data_directory");
            rs.next();
            Path data = Path.of(rs.getString(1));
            // The server must own the directory; that needs it on this host, as the test servers are.
            Skip.unless(
                    Files.isDirectory(data),
                    "database server is not on this host (its data directory is not readable here)");
            location = data.resolveSibling("sdbench_it_ts");
            Files.createDirectories(location);
            Files.setAttribute(location, "unix:uid", Files.getAttribute(data, "unix:uid"));
            Files.setAttribute(location, "unix:gid", Files.getAttribute(data, "unix:gid"));
            s.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            s.execute("DROP TABLESPACE IF EXISTS " + TABLESPACE);
            s.execute("CREATE TABLESPACE " + TABLESPACE + " LOCATION '" + location + "'");
        }
    }

    @AfterAll
    static void dropTablespace() throws Exception {
        if (location == null) {
            return;
        }
        TestDb.drop(SCHEMA);
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("DROP TABLESPACE IF EXISTS " + TABLESPACE);
        }
        try (Stream<Path> files = Files.walk(location)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void load_vbCategoryMapped_updateTablesAndTheirIndexesInTheTablespaceOthersNot() throws Exception {
        var r = TestDb.sdbench(
                "load",
                "--users",
                "1",
                "--recreate",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--set",
                "database.tablespaces.vb=" + TABLESPACE);
        assertEquals(0, r.exit(), r.err());
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT tablename, COALESCE(tablespace, '') FROM pg_tables WHERE schemaname = '"
                    + SCHEMA + "' AND tablename IN ('vbhdr', 'vbmod', 'vbdata', 'vbak', 'kna1') ORDER BY tablename");
            StringBuilder got = new StringBuilder();
            while (rs.next()) {
                got.append(rs.getString(1)).append('=').append(rs.getString(2)).append(' ');
            }
            assertEquals(
                    "kna1= vbak= vbdata=" + TABLESPACE + " vbhdr=" + TABLESPACE + " vbmod=" + TABLESPACE + " ",
                    got.toString());
        }
    }

    @Test
    void load_unknownTablespace_oneLineExit3AndNoHalfBuiltSchema() throws Exception {
        var r = TestDb.sdbench(
                "load",
                "--users",
                "1",
                "--recreate",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA + "_bad",
                "--set",
                "database.tablespaces.master=no_such_tablespace");
        assertEquals(3, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT COUNT(*) FROM pg_namespace WHERE nspname = '" + SCHEMA + "_bad'");
            rs.next();
            assertEquals(0, rs.getLong(1), "the failed install was rolled back whole");
        }
    }
}
