package org.sdbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** No source file of sdbench grows past the size a reader takes in at once; a larger one is split along a seam. */
class SourceSizeTest {
    static final int MAX_LINES = 400;

    @Test
    void mainSources_lineCount_atMostMax() throws IOException {
        Path main = Path.of("src", "main", "java");
        assertTrue(Files.isDirectory(main), "run from the project folder: no " + main);
        List<String> tooLong;
        try (Stream<Path> files = Files.walk(main)) {
            tooLong = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> lines(p) > MAX_LINES)
                    .map(p -> main.relativize(p) + ": " + lines(p) + " lines")
                    .sorted()
                    .toList();
        }
        assertEquals(List.of(), tooLong, "source files over " + MAX_LINES + " lines");
    }

    private static long lines(Path p) {
        try (Stream<String> l = Files.lines(p)) {
            return l.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
