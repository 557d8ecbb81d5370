package org.sdbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * No two packages of sdbench depend on each other, directly or through others: read off the
 * compiled classes by the JDK's jdeps, at the granularity of full package names (so a
 * sub-package and its parent count as two packages).
 */
class PackageCyclesTest {
    private static final Pattern EDGE =
            Pattern.compile("^\\s+(org\\.sdbench\\.[\\w.$]+)\\s+->\\s+(org\\.sdbench\\.[\\w.$]+)");

    @Test
    void mainClasses_noPackageCycle_none() {
        Path classes = Path.of("target", "classes");
        assertTrue(Files.isDirectory(classes.resolve("org/sdbench")), "compile first: " + classes + " has no classes");
        ToolProvider jdeps = ToolProvider.findFirst("jdeps")
                .orElseThrow(() -> new IllegalStateException("the test JDK has no jdeps tool"));
        StringWriter out = new StringWriter();
        int rc = jdeps.run(
                new PrintWriter(out),
                new PrintWriter(out),
                "-verbose:class",
                "-filter:none",
                "-e",
                "org\\.sdbench\\..*",
                classes.toString());
        assertEquals(0, rc, out.toString());
        Map<String, Set<String>> graph = new TreeMap<>();
        Map<String, Set<String>> evidence = new HashMap<>();
        int edges = 0;
        for (String line : out.toString().split("\n")) {
            Matcher m = EDGE.matcher(line);
            if (m.find()) {
                String from = pkg(m.group(1));
                String to = pkg(m.group(2));
                edges++;
                if (!from.equals(to)) {
                    graph.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
                    evidence.computeIfAbsent(from + " -> " + to, k -> new TreeSet<>())
                            .add(m.group(1) + " -> " + m.group(2));
                }
            }
        }
        assertTrue(edges > 100, "jdeps reported only " + edges + " class dependencies: " + out);
        List<List<String>> cycles = cycles(graph);
        StringBuilder why = new StringBuilder();
        for (List<String> c : cycles) {
            why.append("\ncycle ").append(c);
            for (String a : c) {
                for (String b : c) {
                    Set<String> e = evidence.get(a + " -> " + b);
                    if (e != null) {
                        why.append("\n  ")
                                .append(a)
                                .append(" -> ")
                                .append(b)
                                .append(": ")
                                .append(e.stream().limit(3).toList());
                    }
                }
            }
        }
        assertTrue(cycles.isEmpty(), why.toString());
    }

    @Test
    void cycles_graphWithCycle_reportsItsPackages() {
        Map<String, Set<String>> g = new TreeMap<>();
        g.put("a", new TreeSet<>(List.of("b")));
        g.put("b", new TreeSet<>(List.of("c")));
        g.put("c", new TreeSet<>(List.of("a", "d")));
        g.put("d", new TreeSet<>());
        assertEquals(List.of(List.of("a", "b", "c")), cycles(g));
    }

    @Test
    void cycles_acyclicGraph_none() {
        Map<String, Set<String>> g = new TreeMap<>();
        g.put("a", new TreeSet<>(List.of("b", "c")));
        g.put("b", new TreeSet<>(List.of("c")));
        assertEquals(List.of(), cycles(g));
    }

    private static String pkg(String className) {
        return className.substring(0, className.lastIndexOf('.'));
    }

    /** The strongly connected components with more than one package (Tarjan), each sorted. */
    static List<List<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> found = new ArrayList<>();
        for (String v : graph.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, graph, index, low, stack, onStack, found);
            }
        }
        return found;
    }

    private static void connect(
            String v,
            Map<String, Set<String>> graph,
            Map<String, Integer> index,
            Map<String, Integer> low,
            Deque<String> stack,
            Set<String> onStack,
            List<List<String>> found) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, found);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> component = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                component.sort(null);
                found.add(component);
            }
        }
    }
}
