package org.sdbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.sdbench.config.ConfigException;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.measure.environment.Environment;

/**
 * One folder per run: result.json, intervals.csv, config.yaml (the effective configuration),
 * environment.json and report.html. {@link #read} loads it back for {@code report} and
 * {@code compare}.
 */
public final class RunFolder {
    public static final String RESULT = "result.json";
    public static final String INTERVALS = "intervals.csv";
    public static final String CONFIG = "config.yaml";
    public static final String ENVIRONMENT = "environment.json";
    public static final String HTML = "report.html";
    /** The published JSON Schema of result.json. */
    public static final String SCHEMA = "/org/sdbench/report/result.schema.json";

    private RunFolder() {}

    /** A run folder loaded back. {@code environment} is null for folders written before it existed. */
    public record Loaded(
            Path dir,
            RunReport report,
            List<IntervalRow> intervals,
            Environment environment,
            Map<String, String> config) {}

    /** When a folder's name starts: sorted by name, folders are sorted by time. */
    public static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /** The name of a run's, sweep's or experiment's folder: when it started, then its name. */
    public static String name(LocalDateTime started, String name) {
        return started.format(STAMP) + "-" + name;
    }

    /**
     * A new folder of its own for this run: two runs of one name started in the same second get
     * {@code ...-name} and {@code ...-name-2} (the directory is created atomically, so two
     * processes never share one).
     */
    public static Path create(SdbenchConfig c, LocalDateTime started) {
        Path base = Path.of(c.run().resultsDir(), name(started, c.name()));
        Path dir = base;
        try {
            Files.createDirectories(base.toAbsolutePath().getParent());
            for (int n = 2; ; n++) {
                try {
                    return Files.createDirectory(dir);
                } catch (FileAlreadyExistsException taken) {
                    dir = base.resolveSibling(base.getFileName() + "-" + n);
                }
            }
        } catch (IOException e) {
            throw new EnvironmentException("cannot create the result folder " + dir + " (" + e.getMessage()
                    + "): set run.resultsDir to a writable directory");
        }
    }

    /**
     * Refuses, before anything starts, a folder runs could not be written into: {@code dir} is tried
     * where it would be created, without creating it (a probe file in its nearest existing folder,
     * removed at once), so a refused command leaves nothing behind.
     *
     * @param key the setting or option that named the folder, for the one-line refusal
     */
    public static void requireWritable(String key, Path dir) {
        Path at = dir.toAbsolutePath().normalize();
        while (at != null && !Files.exists(at)) {
            at = at.getParent();
        }
        String allowed = "a folder sdbench can create and write into";
        if (at == null || !Files.isDirectory(at)) {
            throw ConfigException.key(key, dir.toString(), allowed + " (" + at + " is not a folder)");
        }
        try {
            Files.delete(Files.createTempFile(at, ".sdbench-write-check", ""));
        } catch (IOException | RuntimeException e) {
            String why = e instanceof FileSystemException f && f.getReason() != null
                    ? f.getReason()
                    : e instanceof AccessDeniedException
                            ? "permission denied"
                            : e instanceof NoSuchFileException ? "no such file or directory" : e.toString();
            throw ConfigException.key(key, dir.toString(), allowed + " (writing into " + at + ": " + why + ")");
        }
    }

    /** Adds (or replaces) one top-level entry of environment.json, atomically as every run file is written. */
    public static void addToEnvironment(Path dir, String key, Object value) {
        Path env = dir.resolve(ENVIRONMENT);
        try {
            var tree = (ObjectNode) Json.MAPPER.readTree(env.toFile());
            tree.set(key, Json.MAPPER.valueToTree(value));
            AtomicFiles.write(env, f -> Json.MAPPER.writeValue(f.toFile(), tree));
        } catch (IOException e) {
            throw new EnvironmentException("writing " + key + " into " + env + " failed: " + e.getMessage());
        }
    }

    /**
     * Removes the folder of a run refused before it started when it holds nothing but what
     * {@link #writeStart} put there (and the workload handed to child processes): a refused run
     * leaves no partial folder behind. A folder with anything else (a child's log) stays.
     */
    public static void discardIfBare(Path dir, String... startFiles) {
        Set<String> bare = new HashSet<>(List.of(CONFIG, ENVIRONMENT));
        bare.addAll(List.of(startFiles));
        try (var files = Files.list(dir)) {
            List<Path> all = files.toList();
            if (all.stream().allMatch(f -> bare.contains(f.getFileName().toString()))) {
                for (Path f : all) {
                    Files.deleteIfExists(f);
                }
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            // Left as it is: a folder that could not be cleaned up still says what the run was.
        }
    }

    /** Written at the start so that a run that dies still leaves its configuration and environment. */
    public static void writeStart(Path dir, SdbenchConfig c, Environment env) {
        try {
            AtomicFiles.writeString(dir.resolve(CONFIG), ConfigLoader.toYaml(c));
            AtomicFiles.write(dir.resolve(ENVIRONMENT), f -> Json.MAPPER.writeValue(f.toFile(), env));
        } catch (IOException e) {
            throw new EnvironmentException("writing results into " + dir + " failed: " + e.getMessage());
        }
    }

    /** The machine-readable files; report.html is written by the HTML package on top of them. */
    public static void writeData(Path dir, RunReport report, List<IntervalRow> intervals) {
        try {
            AtomicFiles.write(dir.resolve(RESULT), f -> Json.MAPPER.writeValue(f.toFile(), report));
            AtomicFiles.write(dir.resolve(INTERVALS), f -> IntervalsCsv.write(f, intervals));
        } catch (IOException e) {
            throw new EnvironmentException("writing results into " + dir + " failed: " + e.getMessage());
        }
    }

    public static Loaded read(Path dir) {
        Path result = dir.resolve(RESULT);
        if (!Files.isRegularFile(result)) {
            throw new ConfigException("'" + dir + "' is not a run folder: it has no " + RESULT
                    + " (expected a folder such as results/20250101-120000-quick)");
        }
        try {
            JsonNode tree = parsed(result, f -> Json.MAPPER.readTree(f.toFile()));
            int version = tree.path("schemaVersion").asInt(-1);
            if (version != RunReport.SCHEMA_VERSION) {
                throw new ConfigException("'" + result + "' has schemaVersion " + version
                        + ": this sdbench reads version " + RunReport.SCHEMA_VERSION);
            }
            List<String> missing = missingRequired(tree);
            if (!missing.isEmpty()) {
                throw new ConfigException(
                        "'" + result + "' lacks " + missing + " required by result.schema.json version "
                                + RunReport.SCHEMA_VERSION + ": it was written by a pre-release sdbench; re-run it");
            }
            RunReport report = parsed(result, f -> Json.MAPPER.treeToValue(tree, RunReport.class));
            List<IntervalRow> rows =
                    Files.isRegularFile(dir.resolve(INTERVALS)) ? IntervalsCsv.read(dir.resolve(INTERVALS)) : List.of();
            Path envFile = dir.resolve(ENVIRONMENT);
            Environment env = Files.isRegularFile(envFile)
                    ? parsed(envFile, f -> Json.MAPPER.readValue(f.toFile(), Environment.class))
                    : null;
            Path cfg = dir.resolve(CONFIG);
            Map<String, String> config = Files.isRegularFile(cfg) ? FlatYaml.read(cfg) : new TreeMap<>();
            return new Loaded(dir, report, rows, env, config);
        } catch (IOException e) {
            throw new EnvironmentException("reading the run folder " + dir + " failed: " + e.getMessage());
        }
    }

    private interface Parser<T> {
        T parse(Path file) throws IOException;
    }

    /** A damaged or foreign JSON file is bad input (exit 2), not a broken environment. */
    private static <T> T parsed(Path file, Parser<T> parser) throws IOException {
        try {
            return parser.parse(file);
        } catch (JsonProcessingException e) {
            throw new ConfigException("'" + file + "' is not valid sdbench output ("
                    + e.getOriginalMessage().lines().findFirst().orElse("")
                    + (e.getLocation() == null
                            ? ""
                            : " at line " + e.getLocation().getLineNr())
                    + "): give an intact run folder, or re-run");
        }
    }

    /** Top-level properties the published schema requires that the file does not have. */
    static List<String> missingRequired(JsonNode result) throws IOException {
        try (var in = RunFolder.class.getResourceAsStream(SCHEMA)) {
            if (in == null) {
                throw new IllegalStateException("resource " + SCHEMA + " is missing from the sdbench jar");
            }
            List<String> missing = new ArrayList<>();
            Json.MAPPER.readTree(in).path("required").forEach(n -> {
                if (!result.has(n.asText())) {
                    missing.add(n.asText());
                }
            });
            return missing;
        }
    }
}
