package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sdbench.load.TestDb;

/** Bad input ends in one line on stderr and the documented exit code, never a stack trace. */
class CommandErrorsTest {
    private static void oneLine(TestDb.Run r, int exit, String contains) {
        assertEquals(exit, r.exit(), r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), "exactly one line: " + err);
        assertTrue(err.startsWith("sdbench: ") && err.contains(contains), err);
        assertFalse(err.contains("\tat "), "no stack trace");
    }

    @Test
    void plan_badValue_exit2() {
        oneLine(TestDb.sdbench("plan", "--set", "run.users=-5"), 2, "'run.users' = -5");
    }

    @Test
    void plan_missingConfigFile_exit2() {
        oneLine(TestDb.sdbench("plan", "-c", "missing.yaml"), 2, "missing.yaml");
    }

    @Test
    void run_unknownOption_exit2() {
        oneLine(TestDb.sdbench("run", "--userz", "5"), 2, "--userz");
    }

    @Test
    void run_unreachableDatabase_exit3() {
        oneLine(TestDb.sdbench("run", "--db-url", "jdbc:postgresql://127.0.0.1:1/none"), 3, "cannot reach the database at 127.0.0.1:1");
    }

    @Test
    void run_missingSchemaWithNoLoad_exit3() {
        oneLine(TestDb.sdbench("run", "--db-url", TestDb.url(), "--set", "database.schema=never_loaded", "--no-load"), 3,
                "has no SD tables");
    }

    @Test
    void appserver_wrongCentralAddress_exit3() {
        oneLine(TestDb.sdbench("appserver", "--db-url", TestDb.url(), "--central", "127.0.0.1:1", "--instance", "1"), 3,
                "cannot reach 127.0.0.1:1");
    }

    @Test
    void appserver_badCentralAddress_exit2() {
        oneLine(TestDb.sdbench("appserver", "--central", "nowhere", "--instance", "1"), 2, "'--central' = 'nowhere'");
    }

    @Test
    void sweep_badLevels_exit2() {
        oneLine(TestDb.sdbench("sweep", "--levels", "ten"), 2, "'--levels' = 'ten'");
    }
}
