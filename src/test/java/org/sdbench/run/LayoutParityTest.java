package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.load.TestDb;

/**
 * Both layouts through the one run engine, one after the other on one schema: their result.json
 * files have the same keys apart from the three-tier section.
 */
class LayoutParityTest {
    private static final String SCHEMA = "it_layout_parity";
    /** Maps whose keys are data (error kinds, number-range objects), not the schema. */
    private static final Set<String> DATA_KEYED = Set.of(
            "/summary/errorsByKind", "/appTier/numberRanges/buffers", "/config", "/certificate/cpuPercentByTier");

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_bothLayouts_sameResultKeysApartFromThreeTier() throws IOException {
        JsonNode twoTier = run();
        JsonNode threeTier = run("-c", "config/three-tier.yaml");

        Set<String> two = keys(twoTier);
        Set<String> three = keys(threeTier);
        assertTrue(three.stream().anyMatch(k -> k.startsWith("/threeTier/")), "three-tier has its section");
        assertFalse(
                two.stream().anyMatch(k -> k.startsWith("/threeTier/")),
                "two-tier has none: " + twoTier.path("threeTier"));
        three.removeIf(k -> k.startsWith("/threeTier/"));
        two.removeIf(k -> k.startsWith("/threeTier"));
        three.removeIf(k -> k.equals("/threeTier"));
        Set<String> onlyTwo = new TreeSet<>(two);
        onlyTwo.removeAll(three);
        Set<String> onlyThree = new TreeSet<>(three);
        onlyThree.removeAll(two);
        assertEquals(Set.of(), onlyTwo, "keys only two-tier's result.json has");
        assertEquals(Set.of(), onlyThree, "keys only three-tier's result.json has");
        for (JsonNode r : List.of(twoTier, threeTier)) {
            double deviation = r.path("littleLaw").path("deviation").asDouble();
            // Printed, not asserted: on a shared host a 8 s window's throughput is a timing figure.
            System.out.printf(
                    "layout %s: Little's law %+.2f %%%n",
                    r.path("config").path("appServer").path("layout"), deviation * 100);
        }
    }

    private static JsonNode run(String... layout) throws IOException {
        List<String> args = new ArrayList<>(List.of(layout));
        args.addAll(0, List.of("run", "--accept-errors"));
        args.addAll(List.of(
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "4",
                "--ramp-up",
                "1s",
                "--duration",
                "8s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=100ms",
                "--set",
                "run.resultsDir=target/test-results/" + SCHEMA,
                "--interval",
                "2"));
        TestDb.Run r = TestDb.sdbench(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err() + r.out());
        Path folder = Path.of(r.out()
                .lines()
                .filter(l -> l.startsWith("results: "))
                .findFirst()
                .orElseThrow()
                .substring(9)
                .trim());
        return new ObjectMapper().readTree(folder.resolve("result.json").toFile());
    }

    /** Every object key path; an array's elements share one path, data-keyed maps count as one key. */
    static Set<String> keys(JsonNode root) {
        Set<String> out = new TreeSet<>();
        collect(root, "", out);
        return out;
    }

    private static void collect(JsonNode n, String path, Set<String> out) {
        if (n.isObject()) {
            if (DATA_KEYED.contains(path)) {
                return;
            }
            n.fieldNames().forEachRemaining(f -> {
                String p = path + "/" + f;
                out.add(p);
                collect(n.get(f), p, out);
            });
        } else if (n.isArray()) {
            n.forEach(e -> collect(e, path + "[]", out));
        }
    }
}
