package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunLogTest {
    @TempDir
    Path dir;

    @Test
    void writer_plainLines_progressAndWarningsToTerminalEverythingToFile() throws Exception {
        StringWriter terminal = new StringWriter();
        RunLog log = new RunLog(dir, new PrintWriter(terminal));
        try (PrintWriter w = log.writer(2, Variant.parse("small:db.work_mem=8MB"))) {
            w.println("sdbench run 'x': 10 users");
            w.println("[measurement    10 s / 37 s] users    10  1 DS/h");
            w.println("step table line");
            w.println("WARNING driver lag");
        }
        assertEquals("  [measurement    10 s / 37 s] users    10  1 DS/h\n  WARNING driver lag\n", terminal.toString());
        assertEquals(
                "sdbench run 'x': 10 users\n[measurement    10 s / 37 s] users    10  1 DS/h\nstep table line\n"
                        + "WARNING driver lag\n",
                Files.readString(dir.resolve("logs").resolve("r2-small.log")));
    }

    @Test
    void writer_terminalRedraws_shownInPlaceKeptFromFile() throws Exception {
        StringWriter terminal = new StringWriter();
        RunLog log = new RunLog(dir, new PrintWriter(terminal));
        try (PrintWriter w = log.writer(1, Variant.parse("base:"))) {
            w.print("\r\033[2K[ramp-up  1 s, 9 s left] users 1");
            w.flush();
            w.println("\r\033[2K[ramp-up  2 s / 10 s] users 2");
        }
        assertEquals(
                "\r\033[2K  [ramp-up  1 s, 9 s left] users 1\r\033[2K  [ramp-up  2 s / 10 s] users 2\n",
                terminal.toString());
        assertEquals(
                "[ramp-up  2 s / 10 s] users 2\n",
                Files.readString(dir.resolve("logs").resolve("r1-base.log")));
    }
}
