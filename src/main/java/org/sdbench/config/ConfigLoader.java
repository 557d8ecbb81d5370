package org.sdbench.config;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Builds the effective {@link SdbenchConfig}: built-in defaults, then the config file, then the
 * workload file it names, then {@code --set key=value} overrides. Every user mistake becomes a
 * {@link ConfigException} with one line naming the key or file, the bad value and what is allowed.
 */
public final class ConfigLoader {
    private static final ObjectMapper YAML = new ObjectMapper(yamlFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .registerModule(new SimpleModule()
                    .addDeserializer(Duration.class, new DurationDeserializer())
                    .addSerializer(Duration.class, new DurationSerializer()));

    private final Path home;

    /**
     * A key given twice or a second document would silently win or vanish; a scalar beyond a file's
     * size limit could only come from a file that is not one.
     */
    private static YAMLFactory yamlFactory() {
        LoaderOptions limits = new LoaderOptions();
        limits.setCodePointLimit(SmallFile.CONFIG_LIMIT);
        limits.setAllowDuplicateKeys(false);
        YAMLFactory f = YAMLFactory.builder()
                .loaderOptions(limits)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxStringLength(SmallFile.CONFIG_LIMIT)
                        .maxNestingDepth(64)
                        .build())
                .build();
        f.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        return f;
    }

    /** @param home where relative workload paths are looked up when not found in the working directory */
    public ConfigLoader(Path home) {
        this.home = home;
    }

    public static ConfigLoader forInstallation() {
        return new ConfigLoader(Homes.installation());
    }

    public SdbenchConfig load(Path configFile, Path workloadFile, List<String> sets) {
        ObjectNode tree = defaults();
        if (configFile != null) {
            merge(tree, readLayer(resolve(configFile, "--config")), configFile.toString());
        }
        List<SetOverride> overrides = sets.stream().map(SetOverride::parse).toList();
        overrides.forEach(o -> o.applyTo(tree));
        Path workload = workloadFile != null
                ? workloadFile
                : Path.of(tree.path("run").path("workload").asText());
        Path resolvedWorkload = resolve(workload, workloadFile != null ? "--workload" : "run.workload");
        merge(tree, readLayer(resolvedWorkload), workload.toString());
        ((ObjectNode) tree.get("run")).put("workload", resolvedWorkload.toString());
        overrides.forEach(o -> o.applyTo(tree));
        KeyChecker.check(tree, SdbenchConfig.class, "", "configuration");
        return bind(tree);
    }

    /**
     * {@code config} with {@code KEY=VALUE} changes applied as {@code --set} applies them: each value
     * read the same way, then the keys and the whole configuration checked once, as after loading.
     * The workload file is read when a configuration loads, so {@code run.workload} cannot name
     * another one here.
     */
    static SdbenchConfig with(SdbenchConfig config, List<String> sets) {
        List<SetOverride> overrides = sets.stream().map(SetOverride::parse).toList();
        for (SetOverride o : overrides) {
            if (o.key().equals("run.workload")) {
                throw ConfigException.key(
                        "run.workload",
                        o.value().asText(),
                        "the workload file of the loaded configuration; give another with --workload");
            }
        }
        ObjectNode tree = YAML.valueToTree(config);
        overrides.forEach(o -> o.applyTo(tree));
        KeyChecker.check(tree, SdbenchConfig.class, "", "configuration");
        return bind(tree);
    }

    /** The merged tree as YAML, for the effective-configuration file of a run. */
    public static String toYaml(SdbenchConfig config) {
        try {
            return YAML.writeValueAsString(config);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render configuration", e);
        }
    }

    /**
     * The merged workload section alone, as a workload file: a child process given the run's
     * effective configuration must also be given this, or the workload file named in it would be
     * layered over the run's {@code --set workload.*} overrides.
     */
    public static String workloadYaml(SdbenchConfig config) {
        try {
            return YAML.writeValueAsString(Map.of("workload", config.workload()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render the workload", e);
        }
    }

    private Path resolve(Path p, String key) {
        Path found = p.isAbsolute() || Files.exists(p) ? p : home.resolve(p);
        if (!Files.exists(found)) {
            throw new ConfigException(key + ": file '" + p + "' not found (give the path of a YAML file)");
        }
        SmallFile.requireRegular(key + ": '" + p + "'", found, SmallFile.CONFIG_LIMIT);
        return found;
    }

    private static ObjectNode defaults() {
        try (InputStream in = ConfigLoader.class.getResourceAsStream("defaults.yaml")) {
            return (ObjectNode) YAML.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("built-in defaults unreadable", e);
        }
    }

    private static ObjectNode readLayer(Path file) {
        JsonNode n;
        try {
            String text = SmallFile.read(file.toString(), file, SmallFile.CONFIG_LIMIT);
            try (JsonParser p = Numbers.checked(YAML.createParser(text), file.toString(), "")) {
                n = YAML.readTree(p);
            }
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            String at = file + (loc == null ? "" : ":" + loc.getLineNr());
            String m = e.getOriginalMessage();
            if (m.startsWith("Duplicate field") && e.getProcessor() instanceof JsonParser p) {
                throw new ConfigException(
                        at + ": key '" + fullPath(p.getParsingContext()) + "' is given twice: give each key once");
            }
            if (m.startsWith("Trailing token")) {
                throw new ConfigException(at + ": a second YAML document ('---') is not allowed: give one document");
            }
            throw new ConfigException(
                    at + ": not valid YAML (" + m.lines().findFirst().orElse("") + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file + " from memory failed", e);
        }
        if (n == null || n.isMissingNode() || n.isNull()) {
            return YAML.createObjectNode();
        }
        if (!n.isObject()) {
            throw new ConfigException(
                    file + ": expected a YAML mapping of sections (database, appServer, run, load, workload)");
        }
        KeyChecker.check((ObjectNode) n, SdbenchConfig.class, "", file.toString());
        return (ObjectNode) n;
    }

    static void merge(ObjectNode into, ObjectNode layer, String source) {
        layer.properties().forEach(e -> {
            JsonNode old = into.get(e.getKey());
            if (old instanceof ObjectNode o && e.getValue() instanceof ObjectNode l) {
                merge(o, l, source);
            } else {
                into.set(e.getKey(), e.getValue());
            }
        });
    }

    private static SdbenchConfig bind(ObjectNode tree) {
        try {
            return YAML.treeToValue(tree, SdbenchConfig.class);
        } catch (ValueInstantiationException e) {
            if (e.getCause() instanceof ConfigException ce) {
                throw ce;
            }
            throw new ConfigException("'" + path(e) + "': " + rootMessage(e));
        } catch (InvalidFormatException e) {
            throw ConfigException.key(path(e), e.getValue(), describe(e.getTargetType(), e));
        } catch (MismatchedInputException e) {
            throw new ConfigException(
                    "'" + path(e) + "' has the wrong type: expected " + describe(e.getTargetType(), e));
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof ConfigException ce) {
                throw ce;
            }
            throw new ConfigException("'" + path(e) + "': " + rootMessage(e));
        } catch (JsonProcessingException e) {
            throw new ConfigException("configuration: " + e.getOriginalMessage());
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        String m = t instanceof JsonProcessingException j ? j.getOriginalMessage() : t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m.lines().findFirst().orElse("");
    }

    private static String describe(Class<?> type, Exception e) {
        if (type == null) {
            return rootMessage(e);
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return Numbers.WHOLE;
        }
        if (type == double.class || type == Double.class) {
            return Numbers.DECIMAL;
        }
        if (type.isEnum()) {
            return "one of "
                    + List.of(type.getEnumConstants()).stream()
                            .map(c -> c.toString().toLowerCase().replace('_', '-'))
                            .collect(Collectors.toList());
        }
        if (type == Duration.class) {
            return "a duration such as 500ms, 10s or 5m";
        }
        if (type.isRecord()) {
            return "a section of keys";
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "a " + type.getSimpleName().toLowerCase();
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (var ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (!sb.isEmpty()) {
                    sb.append('.');
                }
                sb.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    private static final class DurationDeserializer extends JsonDeserializer<Duration> {
        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String key = fullPath(p.getParsingContext());
            if (p.currentToken().isNumeric()) {
                throw new ConfigException("'" + key + "' = " + p.getText()
                        + " is not allowed: a duration with a unit, such as 500ms, 10s or 5m");
            }
            return Durations.parse(key, p.getValueAsString());
        }
    }

    static String fullPath(JsonStreamContext ctx) {
        StringBuilder sb = new StringBuilder();
        for (var c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            String part = c.inArray() ? "[" + c.getCurrentIndex() + "]" : c.getCurrentName();
            if (part != null) {
                sb.insert(0, (sb.isEmpty() || c.inArray() || sb.charAt(0) == '[' ? "" : "."))
                        .insert(0, part);
            }
        }
        return sb.toString();
    }

    private static final class DurationSerializer extends JsonSerializer<Duration> {
        @Override
        public void serialize(Duration value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            gen.writeString(Durations.format(value));
        }
    }
}
