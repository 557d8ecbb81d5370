package org.sdbench.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/** One {@code --set key=value}: the value is read as a YAML scalar so numbers stay numbers. */
record SetOverride(String key, JsonNode value) {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    static SetOverride parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new ConfigException("--set '" + text + "' is not allowed: use key=value, such as run.users=50");
        }
        String key = text.substring(0, eq).trim();
        String raw = text.substring(eq + 1).trim();
        Type type = KeyChecker.typeOf(key);
        if (type instanceof Class<?> c && c.isRecord()) {
            throw new ConfigException("--set '" + key + "' names a section; set one of its keys instead");
        }
        JsonNode v;
        try {
            if (raw.isEmpty()) {
                v = TextNode.valueOf("");
            } else {
                try (JsonParser p = Numbers.checked(YAML.createParser(raw), "--set", key)) {
                    v = YAML.readTree(p);
                }
            }
        } catch (IOException e) {
            v = TextNode.valueOf(raw);
        }
        if (v == null || v.isContainerNode() && !(type instanceof ParameterizedType)) {
            v = TextNode.valueOf(raw);
        }
        return new SetOverride(key, v);
    }

    void applyTo(ObjectNode root) {
        String[] parts = key.split("\\.");
        ObjectNode node = root;
        for (int i = 0; i < parts.length - 1; i++) {
            node = node.get(parts[i]) instanceof ObjectNode child ? child : node.putObject(parts[i]);
        }
        node.set(parts[parts.length - 1], value);
    }
}
