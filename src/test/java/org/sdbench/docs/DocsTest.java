package org.sdbench.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.SdbenchCommand;
import picocli.CommandLine;

/**
 * Keeps README.md and docs/ honest where a machine can: every {@code sdbench} command and option they
 * show exists in the command-line model, every configuration key they show exists (defaults.yaml, the
 * standard workload file, or a result.json field), the configuration reference lists every default
 * with its value, and every relative link resolves.
 */
class DocsTest {
    private static final Pattern KEY = Pattern.compile(
            "(?<![\\w./$-])(database|appServer|run|load|network|workload)((?:\\.(?:<hop>|[A-Za-z][A-Za-z0-9]*))+)");
    private static final Pattern REFERENCE_ROW = Pattern.compile("^\\| `([^`]+)` \\| `([^`]*)` \\|");
    private static final Set<String> END_OF_COMMAND = Set.of("|", "&&", "||", ";", "#", "/", "->", "→");

    private static final List<MarkdownDoc> DOCS = new ArrayList<>();
    private static CommandLine cli;
    private static JsonNode defaults;
    private static JsonNode config;
    private static JsonNode resultSchema;

    @BeforeAll
    static void read() throws IOException {
        DOCS.add(MarkdownDoc.read(Path.of("README.md")));
        try (Stream<Path> files = Files.list(Path.of("docs"))) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                DOCS.add(MarkdownDoc.read(f));
            }
        }
        cli = new CommandLine(new SdbenchCommand());
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        try (InputStream in = DocsTest.class.getResourceAsStream("/org/sdbench/config/defaults.yaml")) {
            defaults = yaml.readTree(in);
        }
        // Workload keys get their values from the workload file; the standard one stands for all.
        config = defaults.deepCopy();
        ((ObjectNode) config.get("workload")).setAll((ObjectNode)
                yaml.readTree(Path.of("workloads", "sd-standard.yaml").toFile()).path("workload"));
        try (InputStream in = DocsTest.class.getResourceAsStream("/org/sdbench/report/result.schema.json")) {
            resultSchema = new ObjectMapper().readTree(in);
        }
    }

    @Test
    void readme_frontDoor_isShortWithTheTwoCommandsOnItsFirstScreen() {
        List<String> lines = DOCS.getFirst().lines();
        assertTrue(lines.size() <= 250, "README.md has " + lines.size() + " lines; the front door keeps to 250");
        String firstScreen = String.join("\n", lines.subList(0, Math.min(40, lines.size())));
        assertTrue(firstScreen.contains("./sdbench run"), "README's first 40 lines must show ./sdbench run");
        assertTrue(firstScreen.contains("./mvnw verify"), "README's first 40 lines must show ./mvnw verify");
    }

    /** Words that date a sentence: the page describes the figures as they stand. */
    private static final Pattern HISTORY = Pattern.compile(
            "\\b(before|now|was|previously|earlier|used to|re-measured?|to be re-measured)\\b"
                    + "|\\b(19|20)\\d\\d-\\d\\d-\\d\\d\\b",
            Pattern.CASE_INSENSITIVE);

    @Test
    void performance_everyLine_atMost200CharactersAndNoHistoryWords() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("docs", "performance.md"));
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.length() > 200) {
                wrong.add("line " + (i + 1) + " has " + l.length() + " characters");
            }
            Matcher m = HISTORY.matcher(l);
            if (m.find()) {
                wrong.add("line " + (i + 1) + " says '" + m.group() + "': " + l);
            }
        }
        assertTrue(wrong.isEmpty(), "docs/performance.md:\n" + String.join("\n", wrong));
    }

    @Test
    void performance_targets_oneTableWithFigureVerdictHostAndCommand() throws IOException {
        List<String> rows = Files.readAllLines(Path.of("docs", "performance.md")).stream()
                .filter(l -> l.startsWith("|"))
                .toList();
        assertEquals(
                "| # | target | figure | verdict | host | command |", rows.getFirst(), "one table, its header first");
        for (String r : rows.subList(2, rows.size())) {
            String verdict = r.split("\\|")[4].strip();
            assertTrue(
                    verdict.startsWith("meets") || verdict.startsWith("misses") || verdict.equals("not measured"),
                    "a verdict meets, misses or not measured: " + r);
        }
    }

    @Test
    void docs_sdbenchCommandsAndTheirOptions_existInTheCommandLineModel() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (MarkdownDoc d : DOCS) {
            for (String code : d.code()) {
                List<String> tokens = Arrays.asList(code.trim().split("\\s+"));
                for (int i = 0; i < tokens.size(); i++) {
                    String t = tokens.get(i);
                    if (t.equals("sdbench") || t.equals("./sdbench")) {
                        checked++;
                        check(d, code, tokens.subList(i + 1, tokens.size()), wrong);
                    }
                }
            }
        }
        assertTrue(checked > 30, "the docs show sdbench commands; found only " + checked);
        assertTrue(
                wrong.isEmpty(),
                "commands or options the docs show but sdbench does not have:\n" + String.join("\n", wrong));
    }

    private static void check(MarkdownDoc d, String code, List<String> args, List<String> wrong) {
        CommandLine at = cli;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (END_OF_COMMAND.contains(a) || a.equals("sdbench") || a.equals("./sdbench")) {
                return;
            }
            if (a.startsWith("-")) {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                if (!name.equals("-") && !at.getCommandSpec().optionsMap().containsKey(name)) {
                    wrong.add(d.file() + ": '" + code + "': 'sdbench "
                            + at.getCommandSpec().qualifiedName(" ").replaceFirst("^sdbench ?", "") + "' has no option "
                            + name);
                }
            } else if (a.matches("[a-z][a-z0-9-]*") && at.getSubcommands().containsKey(a)) {
                at = at.getSubcommands().get(a);
            } else if (at == cli) {
                wrong.add(d.file() + ": '" + code + "': no command '" + a + "'");
                return;
            }
        }
    }

    @Test
    void docs_optionsMentionedAlone_existInSomeCommand() {
        Set<String> all = new TreeSet<>();
        collectOptions(cli, all);
        List<String> wrong = new ArrayList<>();
        for (MarkdownDoc d : DOCS) {
            for (String code : d.code()) {
                if (code.startsWith("--")) {
                    String name = code.split("[\\s=]")[0];
                    if (!all.contains(name)) {
                        wrong.add(d.file() + ": " + name);
                    }
                }
            }
        }
        assertTrue(wrong.isEmpty(), "options the docs name that no sdbench command has:\n" + String.join("\n", wrong));
    }

    private static void collectOptions(CommandLine c, Set<String> into) {
        into.addAll(c.getCommandSpec().optionsMap().keySet());
        c.getSubcommands().values().forEach(s -> collectOptions(s, into));
    }

    @Test
    void docs_configurationKeys_existInTheDefaultsTheWorkloadOrTheResultSchema() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (MarkdownDoc d : DOCS) {
            for (String code : d.code()) {
                Matcher m = KEY.matcher(code);
                while (m.find()) {
                    checked++;
                    List<String> path = new ArrayList<>(List.of(m.group(1)));
                    path.addAll(List.of(m.group(2).substring(1).split("\\.")));
                    if (!resolves(config, path) && !resolvesInSchema(resultSchema, path)) {
                        wrong.add(d.file() + ": " + m.group());
                    }
                }
            }
        }
        assertTrue(checked > 50, "the docs show configuration keys; found only " + checked);
        assertTrue(
                wrong.isEmpty(),
                "keys the docs show that are neither configuration keys (defaults.yaml, "
                        + "workloads/sd-standard.yaml) nor result.json fields:\n" + String.join("\n", wrong));
    }

    private static boolean resolves(JsonNode node, List<String> path) {
        if (path.isEmpty() || node.isArray()) {
            return true;
        }
        if (!node.isObject()) {
            return false;
        }
        String head = path.getFirst();
        List<String> rest = path.subList(1, path.size());
        if (head.equals("<hop>")) {
            for (JsonNode child : node) {
                if (resolves(child, rest)) {
                    return true;
                }
            }
            return false;
        }
        return node.has(head) && resolves(node.get(head), rest);
    }

    private static boolean resolvesInSchema(JsonNode schema, List<String> path) {
        if (path.isEmpty()) {
            return true;
        }
        for (JsonNode alternative : alternatives(schema)) {
            JsonNode next = alternative.path("properties").path(path.getFirst());
            if (!next.isMissingNode() && resolvesInSchema(next, path.subList(1, path.size()))) {
                return true;
            }
        }
        return false;
    }

    private static List<JsonNode> alternatives(JsonNode schema) {
        List<JsonNode> out = new ArrayList<>(List.of(schema));
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asText().replaceFirst("^#/", "");
            out.addAll(alternatives(resultSchema.at("/" + ref)));
        }
        for (String k : List.of("oneOf", "anyOf", "allOf")) {
            schema.path(k).forEach(a -> out.addAll(alternatives(a)));
        }
        return out;
    }

    @Test
    void configurationReference_listsEveryDefaultWithItsValue() {
        MarkdownDoc ref = DOCS.stream()
                .filter(d -> d.file().endsWith("configuration.md"))
                .findFirst()
                .orElseThrow();
        Map<String, String> rows = new LinkedHashMap<>();
        for (String line : ref.lines()) {
            Matcher m = REFERENCE_ROW.matcher(line);
            if (m.find()) {
                rows.put(m.group(1), m.group(2).equals("\"\"") ? "" : m.group(2));
            }
        }
        List<String> wrong = new ArrayList<>();
        leaves(defaults, "", (key, value) -> {
            String documented =
                    rows.containsKey(key) ? key : key.replaceFirst("^network\\.[A-Za-z]+\\.", "network.<hop>.");
            if (!rows.containsKey(documented)) {
                wrong.add(key + " (default " + value + ") is missing from docs/configuration.md");
            }
        });
        for (var row : rows.entrySet()) {
            List<String> path = List.of(row.getKey().split("\\."));
            JsonNode value = valueAt(config, path);
            if (value == null) {
                wrong.add("docs/configuration.md lists " + row.getKey()
                        + ", which no defaults.yaml or sd-standard key is");
            } else if (!value.asText().equals(row.getValue())) {
                wrong.add("docs/configuration.md gives " + row.getKey() + " the default '" + row.getValue()
                        + "'; it is '" + value.asText() + "'");
            }
        }
        assertTrue(rows.size() > 40, "docs/configuration.md has only " + rows.size() + " key rows");
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    private static void leaves(JsonNode node, String prefix, BiConsumer<String, String> each) {
        if (node.isObject()) {
            node.properties()
                    .forEach(
                            e -> leaves(e.getValue(), prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), each));
        } else {
            each.accept(prefix, node.asText());
        }
    }

    private static JsonNode valueAt(JsonNode node, List<String> path) {
        if (path.isEmpty()) {
            return node.isValueNode() ? node : null;
        }
        if (path.getFirst().equals("<hop>")) {
            JsonNode first = null;
            for (JsonNode child : node) {
                JsonNode v = valueAt(child, path.subList(1, path.size()));
                if (v == null || (first != null && !first.equals(v))) {
                    return null;
                }
                first = v;
            }
            return first;
        }
        return node.has(path.getFirst()) ? valueAt(node.get(path.getFirst()), path.subList(1, path.size())) : null;
    }

    @Test
    void docs_relativeLinks_resolveToFilesAndHeadings() throws IOException {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (MarkdownDoc d : DOCS) {
            for (String link : d.links()) {
                if (link.matches("^[a-z]+:.*")) {
                    continue;
                }
                checked++;
                int hash = link.indexOf('#');
                String file = hash < 0 ? link : link.substring(0, hash);
                Path target = file.isEmpty()
                        ? d.file()
                        : d.file().toAbsolutePath().getParent().resolve(file).normalize();
                if (!Files.exists(target)) {
                    wrong.add(d.file() + ": " + link + " (no such file)");
                } else if (hash >= 0
                        && target.toString().endsWith(".md")
                        && !MarkdownDoc.read(target).anchors().contains(link.substring(hash + 1))) {
                    wrong.add(d.file() + ": " + link + " (no such heading)");
                }
            }
        }
        assertTrue(checked > 20, "the docs link to each other; found only " + checked + " relative links");
        assertEquals(List.of(), wrong, "relative links that do not resolve");
    }
}
