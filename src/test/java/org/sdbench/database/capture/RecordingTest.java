package org.sdbench.database.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.core.EnvironmentException;
import org.sdbench.protocol.ChildStartup;

/**
 * The recording each capturing process leaves beside its files, read back and joined: the replay of a
 * three-tier run is built from the app servers' recordings.
 */
class RecordingTest {
    private static final StatementCapture.Protocol PREPARED = StatementCapture.Protocol.PREPARED;

    private static StatementCapture.Prepared prepared(String name, String text) {
        return new StatementCapture.Prepared(
                "PREPARE " + name + "(int8) AS " + text + ";", "EXPLAIN EXECUTE " + name + "('1');");
    }

    private static Recording recording(Path dir, Map<String, StatementCapture.Prepared> p, long n) throws Exception {
        Files.createDirectories(dir);
        Path f = Files.writeString(dir.resolve("conn-000.sql"), "EXECUTE x;\n");
        return new Recording(PREPARED, List.of(f), p, n, n + 1, 1, 2);
    }

    @Test
    void read_writtenRecording_sameFilesStatementsAndCounts(@TempDir Path dir) throws Exception {
        String name = CapturedStatement.name("int8", "SELECT $1");
        Recording r = recording(dir, Map.of(name, prepared(name, "SELECT $1")), 7);
        r.write(dir);
        assertEquals(r, Recording.read(dir, "appserver-1"));
    }

    @Test
    void join_twoProcessesSharingAStatement_oneStatementAndSummedCounts(@TempDir Path dir) throws Exception {
        String shared = CapturedStatement.name("int8", "SELECT $1");
        String own = CapturedStatement.name("int8", "UPDATE t SET n = $1");
        Recording a = recording(dir.resolve("appserver-1"), Map.of(shared, prepared(shared, "SELECT $1")), 3);
        Recording b = recording(
                dir.resolve("appserver-2"),
                Map.of(shared, prepared(shared, "SELECT $1"), own, prepared(own, "UPDATE t SET n = $1")),
                4);
        Recording j = Recording.join(List.of(a, b));
        assertEquals(List.of(a.files().get(0), b.files().get(0)), j.files());
        assertEquals(List.of(shared, own), List.copyOf(j.prepared().keySet()));
        assertEquals(7, j.roundTrips());
        assertEquals(9, j.statements());
        assertEquals(2, j.unnamed());
        assertEquals(4, j.transactions());
    }

    @Test
    void join_oneNameForTwoStatements_refused(@TempDir Path dir) throws Exception {
        Recording a = recording(dir.resolve("a"), Map.of("s1", prepared("s1", "SELECT $1")), 1);
        Recording b = recording(dir.resolve("b"), Map.of("s1", prepared("s1", "SELECT $1 + 1")), 1);
        var e = assertThrows(IllegalStateException.class, () -> Recording.join(List.of(a, b)));
        assertTrue(e.getMessage().contains("two statements are both named s1"), e.getMessage());
    }

    @Test
    void name_sameTextAndTypesInTwoCaptures_sameNameElseAnother() {
        String n = CapturedStatement.name("varchar, int8", "SELECT * FROM vbak WHERE vbeln = $1 AND n = $2");
        assertEquals(n, CapturedStatement.name("varchar, int8", "SELECT * FROM vbak WHERE vbeln = $1 AND n = $2"));
        assertNotEquals(n, CapturedStatement.name("varchar, int4", "SELECT * FROM vbak WHERE vbeln = $1 AND n = $2"));
        assertTrue(n.matches("s[0-9a-f]{12}"), n);
    }

    @Test
    void read_childThatLeftNoRecording_namesTheChild(@TempDir Path dir) {
        var e = assertThrows(EnvironmentException.class, () -> Recording.read(dir, "appserver-2"));
        assertTrue(e.getMessage().startsWith("appserver-2 left no statement capture"), e.getMessage());
    }

    @Test
    void read_fileOutsideItsFolder_refused(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve(Recording.FILE),
                "{\"protocol\":\"prepared\",\"files\":[\"../etc/passwd\"],\"prepared\":[],"
                        + "\"roundTrips\":1,\"statements\":1,\"unnamed\":0,\"transactions\":0}");
        var e = assertThrows(EnvironmentException.class, () -> Recording.read(dir, "appserver-1"));
        assertTrue(e.getMessage().contains("names a file outside its folder: ../etc/passwd"), e.getMessage());
    }

    @Test
    void childOptions_appServer_recordsIntoItsOwnFolderInTheSameProtocol(@TempDir Path dir) {
        try (StatementCapture c = new StatementCapture(dir, PREPARED)) {
            assertEquals(
                    List.of(
                            ChildStartup.CAPTURE,
                            dir.resolve("appserver-1").toString(),
                            ChildStartup.CAPTURE_PROTOCOL,
                            "prepared"),
                    c.childOptions("appserver-1"));
        }
    }

    @Test
    void recording_childThatNeverWrote_refusedNamingTheChild(@TempDir Path dir) {
        StatementCapture c = new StatementCapture(dir, PREPARED);
        c.childOptions("appserver-1");
        c.close();
        var e = assertThrows(EnvironmentException.class, c::recording);
        assertTrue(e.getMessage().startsWith("appserver-1 left no statement capture"), e.getMessage());
    }
}
