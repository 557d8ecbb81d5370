package org.sdbench.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Rejects keys that no configuration record has, naming the key, the file it came from and the allowed keys. */
final class KeyChecker {
    private KeyChecker() {}

    static void check(ObjectNode node, Class<?> record, String prefix, String source) {
        var it = node.properties().iterator();
        while (it.hasNext()) {
            var e = it.next();
            String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
            RecordComponent c = component(record, e.getKey())
                    .orElseThrow(() -> new ConfigException(
                            source + ": unknown key '" + key + "'; allowed here: " + names(record)));
            // A key with a parser of its own (a loss rate of '0.1%') applies its own form, built on the same rule.
            boolean ownParser = c.getAccessor().isAnnotationPresent(JsonDeserialize.class);
            checkValue(e.getValue(), c.getGenericType(), key, source, ownParser);
        }
    }

    /** Where a dotted key such as {@code run.users} leads, for --set. */
    static Type typeOf(String dotted) {
        Type t = SdbenchConfig.class;
        String sofar = "";
        for (String part : dotted.split("\\.")) {
            if (t instanceof ParameterizedType p && Map.class.isAssignableFrom(raw(p))) {
                return p.getActualTypeArguments()[1];
            }
            if (!(t instanceof Class<?> c) || !c.isRecord()) {
                throw new ConfigException("--set: unknown key '" + dotted + "'");
            }
            String at = sofar;
            Type parent = t;
            t = component(c, part)
                    .map(RecordComponent::getGenericType)
                    .orElseThrow(() -> new ConfigException("--set: unknown key '" + dotted + "'; allowed "
                            + (at.isEmpty() ? "" : "under '" + at + "' ") + names((Class<?>) parent)));
            sofar = sofar.isEmpty() ? part : sofar + "." + part;
        }
        return t;
    }

    private static void checkValue(JsonNode value, Type type, String key, String source, boolean ownParser) {
        Class<?> raw = raw(type);
        if (raw.isRecord()) {
            if (value instanceof ObjectNode o) {
                check(o, raw, key, source);
            } else if (!value.isNull()) {
                throw new ConfigException(source + ": '" + key + "' must be a section of keys (" + names(raw) + ")");
            }
        } else if (List.class.isAssignableFrom(raw) && type instanceof ParameterizedType p) {
            Class<?> element = raw(p.getActualTypeArguments()[0]);
            if (!value.isArray()) {
                throw new ConfigException(source + ": '" + key + "' must be a list");
            }
            if (element.isRecord()) {
                for (int i = 0; i < value.size(); i++) {
                    if (!(value.get(i) instanceof ObjectNode o)) {
                        throw new ConfigException(source + ": '" + key + "[" + i + "]' must be a section of keys ("
                                + names(element) + ")");
                    }
                    check(o, element, key + "[" + i + "]", source);
                }
            }
        } else if (!Map.class.isAssignableFrom(raw) && (value.isObject() || value.isArray())) {
            throw new ConfigException(source + ": '" + key + "' must be a single value, not a section or list");
        } else if (value.isTextual() && isNumber(raw) && !ownParser) {
            // Quoted, a number skips the YAML parser's check: Jackson would read '010' as 10 and '٣' as 3.
            boolean whole = raw != double.class && raw != Double.class;
            String t = value.asText().strip();
            if (whole ? !Numbers.isWhole(t) : !Numbers.isDecimal(t)) {
                throw ConfigException.key(key, value.asText(), whole ? Numbers.WHOLE : Numbers.DECIMAL);
            }
        }
    }

    private static boolean isNumber(Class<?> raw) {
        return raw == int.class || raw == long.class || raw == double.class || Number.class.isAssignableFrom(raw);
    }

    private static Class<?> raw(Type t) {
        return t instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) t;
    }

    private static Optional<RecordComponent> component(Class<?> record, String name) {
        return Arrays.stream(record.getRecordComponents())
                .filter(c -> c.getName().equals(name))
                .findFirst();
    }

    private static List<String> names(Class<?> record) {
        return Arrays.stream(record.getRecordComponents())
                .map(RecordComponent::getName)
                .toList();
    }
}
