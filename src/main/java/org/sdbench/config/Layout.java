package org.sdbench.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** Where the simulated application-server instances run. */
public enum Layout {
    /** App tier inside the driver's process, next to the DB. */
    TWO_TIER,
    /** App-server instances as separate {@code sdbench appserver} processes reached over TCP. */
    THREE_TIER;

    /** Accepts the spelling used in YAML and on the command line: {@code two-tier}, {@code TWO_TIER}. */
    @JsonCreator
    public static Layout parse(String text) {
        String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(values())
                .filter(v -> v.name().equals(t))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("one of "
                        + Arrays.stream(values()).map(Layout::yamlName).toList()));
    }

    @JsonValue
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
