package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadCommandTest {
    private static final String SCHEMA = "t_load_command";

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private static TestDb.Run sdbench(String command, String... more) {
        String[] args = new String[more.length + 5];
        args[0] = command;
        args[1] = "--db-url";
        args[2] = TestDb.url();
        args[3] = "--set";
        args[4] = "database.schema=" + SCHEMA;
        System.arraycopy(more, 0, args, 5, more.length);
        return TestDb.sdbench(args);
    }

    private static void assertOneLine(String err) {
        assertEquals(1, err.lines().count(), "one line on stderr, got: " + err);
        assertTrue(!err.contains("\tat "), "no stack trace: " + err);
    }

    @Test
    void load_existingSchema_refusedWithoutRecreateAndReloadedWithIt() {
        TestDb.Run first = sdbench("load", "--users", "3", "--recreate");
        assertEquals(0, first.exit(), first.err());
        assertTrue(first.out().contains("loaded 3 users"), first.out());

        TestDb.Run again = sdbench("load", "--users", "3");
        assertEquals(3, again.exit(), again.out() + again.err());
        assertOneLine(again.err());
        assertTrue(again.err().contains("--recreate"), again.err());

        TestDb.Run recreate = sdbench("load", "--users", "4", "--recreate");
        assertEquals(0, recreate.exit(), recreate.err());
        assertTrue(recreate.out().contains("loaded 4 users"), recreate.out());

        TestDb.Run check = sdbench("check");
        assertEquals(0, check.exit(), check.out() + check.err());
        assertTrue(check.out().startsWith("check passed: master-data"), check.out());
    }

    @Test
    void load_zeroUsers_usageErrorNamingRunUsers() {
        TestDb.Run r = sdbench("load", "--users", "0");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertOneLine(r.err());
        assertTrue(r.err().contains("run.users"), r.err());
    }

    @Test
    void load_unreachableDatabase_environmentErrorInOneLine() {
        TestDb.Run r = TestDb.sdbench("load", "--users", "2", "--db-url", "jdbc:postgresql://127.0.0.1:1/sdbench");
        assertEquals(3, r.exit(), r.out() + r.err());
        assertOneLine(r.err());
        assertTrue(r.err().contains("127.0.0.1:1"), r.err());
    }

    @Test
    void check_unreachableDatabase_environmentErrorInOneLine() {
        TestDb.Run r = TestDb.sdbench("check", "--db-url", "jdbc:postgresql://127.0.0.1:1/sdbench");
        assertEquals(3, r.exit(), r.out() + r.err());
        assertOneLine(r.err());
    }

    @Test
    void check_missingSchema_environmentError() {
        TestDb.Run r = TestDb.sdbench("check", "--db-url", TestDb.url(), "--set", "database.schema=t_no_such_schema");
        assertEquals(3, r.exit(), r.out() + r.err());
        assertOneLine(r.err());
        assertTrue(r.err().contains("sdbench load"), r.err());
    }

    @Test
    void load_dumpDir_writesOneCopyFilePerTableWithoutDatabase(@TempDir Path dir) throws Exception {
        TestDb.Run r = TestDb.sdbench(
                "load",
                "--users",
                "2",
                "--dump-dir",
                dir.toString(),
                "--db-url",
                "jdbc:postgresql://127.0.0.1:1/unused");
        assertEquals(0, r.exit(), r.out() + r.err());
        for (MasterTable t : MasterTable.values()) {
            assertTrue(Files.isRegularFile(dir.resolve(t.tableName() + ".copy")), t.tableName());
        }
        assertEquals(50, Files.readAllLines(dir.resolve("mara.copy")).size());
        assertTrue(r.out().contains("dumped 2 users"), r.out());
    }
}
