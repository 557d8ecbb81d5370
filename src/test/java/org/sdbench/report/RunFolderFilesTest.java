package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.load.TestDb;
import org.sdbench.report.html.RunHtml;

/** Run-folder files are replaced whole or not at all, and a damaged one is bad input (exit 2). */
class RunFolderFilesTest {
    @TempDir
    Path tmp;

    @Test
    void write_contentFailsHalfway_previousFileKeptAndNoTemporaryLeft() throws IOException {
        Path f = tmp.resolve("result.json");
        Files.writeString(f, "{\"old\": true}");
        assertThrows(
                IOException.class,
                () -> AtomicFiles.write(f, p -> {
                    Files.writeString(p, "{\"new\": ");
                    throw new IOException("disk full");
                }));
        assertEquals("{\"old\": true}", Files.readString(f));
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(f), files.toList());
        }
    }

    @Test
    void write_runFolder_everyFileInPlaceAndNoTemporaryLeft() throws IOException {
        RunHtml.writeFolder(tmp, Fixtures.report(), List.of(), null);
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(
                    List.of(RunFolder.INTERVALS, RunFolder.HTML, RunFolder.RESULT),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void report_truncatedResultJson_exit2WithOneLineNamingTheFile() throws IOException {
        Path run = corruptRun("a");
        var r = TestDb.sdbench("report", run.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("result.json' is not valid sdbench output"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void compare_oneRunWithTruncatedResultJson_exit2() throws IOException {
        Path good = tmp.resolve("good");
        Files.createDirectories(good);
        RunHtml.writeFolder(good, Fixtures.report(), List.of(), null);
        var r = TestDb.sdbench("compare", good.toString(), corruptRun("b").toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("is not valid sdbench output"), r.err());
    }

    private Path corruptRun(String name) throws IOException {
        Path run = tmp.resolve(name);
        Files.createDirectories(run);
        RunHtml.writeFolder(run, Fixtures.report(), List.of(), null);
        String json = Files.readString(run.resolve(RunFolder.RESULT));
        Files.writeString(run.resolve(RunFolder.RESULT), json.substring(0, json.length() / 2));
        return run;
    }
}
