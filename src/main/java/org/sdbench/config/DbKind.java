package org.sdbench.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** Which database sdbench talks to. */
public enum DbKind {
    /** sdbench starts its own PostgreSQL from a Maven-packaged binary. */
    EMBEDDED,
    POSTGRESQL,
    DB2;

    /** Accepts the spelling used in YAML and on the command line: {@code two-tier}, {@code TWO_TIER}. */
    @JsonCreator
    public static DbKind parse(String text) {
        String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(values())
                .filter(v -> v.name().equals(t))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("one of "
                        + Arrays.stream(values()).map(DbKind::yamlName).toList()));
    }

    @JsonValue
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
