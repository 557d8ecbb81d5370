package org.sdbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/** A YAML file as dotted keys to scalar text ({@code appServer.instances = 2}), for diffing configurations. */
public final class FlatYaml {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private FlatYaml() {}

    public static Map<String, String> read(Path file) throws IOException {
        Map<String, String> out = new TreeMap<>();
        flatten("", YAML.readTree(file.toFile()), out);
        return out;
    }

    static void flatten(String prefix, JsonNode n, Map<String, String> out) {
        if (n == null || n.isMissingNode()) {
            return;
        }
        if (n.isObject()) {
            n.properties()
                    .forEach(
                            e -> flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out));
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                flatten(prefix + "[" + i + "]", n.get(i), out);
            }
        } else {
            out.put(prefix, n.isNull() ? "" : n.asText());
        }
    }
}
