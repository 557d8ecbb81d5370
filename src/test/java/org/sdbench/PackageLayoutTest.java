package org.sdbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages stay findable: each says in its package-info what it is and what it may import,
 * docs/architecture.md names each in its table, and the top-level parts under org.sdbench (cli,
 * study, run, ...) import each other without a cycle, so they can be drawn as layers.
 */
class PackageLayoutTest {
    private static final Path SOURCES = Path.of("src", "main", "java", "org", "sdbench");
    private static final Pattern EDGE =
            Pattern.compile("^\\s+org\\.sdbench\\.(\\w+)[\\w.]*\\s+->\\s+org\\.sdbench\\.(\\w+)[\\w.]*\\s");

    @Test
    void mainPackages_eachOne_hasPackageInfo() throws IOException {
        List<String> missing = packages().stream()
                .filter(p -> !Files.isRegularFile(
                        SOURCES.resolve(p.replace('.', '/')).resolve("package-info.java")))
                .toList();
        assertEquals(List.of(), missing, "packages without package-info.java (what it is, what it may import)");
    }

    @Test
    void architectureDoc_everyMainPackage_named() throws IOException {
        String doc = Files.readString(Path.of("docs", "architecture.md"));
        List<String> missing = packages().stream()
                .filter(p -> !doc.contains("`" + p.replace('.', '/') + "`"))
                .toList();
        assertEquals(
                List.of(), missing, "packages docs/architecture.md does not name (as `a/b` paths under org/sdbench)");
    }

    @Test
    void mainClasses_topLevelParts_noCycle() {
        Path classes = Path.of("target", "classes");
        assertTrue(Files.isDirectory(classes.resolve("org/sdbench")), "compile first: " + classes + " has no classes");
        ToolProvider jdeps = ToolProvider.findFirst("jdeps")
                .orElseThrow(() -> new IllegalStateException("the test JDK has no jdeps tool"));
        StringWriter out = new StringWriter();
        int rc = jdeps.run(
                new PrintWriter(out),
                new PrintWriter(out),
                "-verbose:package",
                "-filter:none",
                "-e",
                "org\\.sdbench\\..*",
                classes.toString());
        assertEquals(0, rc, out.toString());
        Map<String, Set<String>> graph = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            Matcher m = EDGE.matcher(line + " ");
            if (m.find() && !m.group(1).equals(m.group(2))) {
                graph.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
            }
        }
        assertTrue(graph.size() > 5, "jdeps reported imports between only " + graph.size() + " parts: " + out);
        assertEquals(List.of(), PackageCyclesTest.cycles(graph), "top-level parts that import each other: " + graph);
    }

    /** Every directory under src/main/java/org/sdbench holding a class, as a name relative to org.sdbench. */
    private static List<String> packages() throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            return files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> !f.getFileName().toString().equals("package-info.java"))
                    .map(f -> SOURCES.relativize(f.getParent()).toString().replace('/', '.'))
                    .filter(p -> !p.isEmpty())
                    .distinct()
                    .sorted()
                    .toList();
        }
    }
}
