package org.sdbench.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * The run rules a result is judged by ({@code run.rules}): the SD benchmark's rules as sdbench
 * applies them, the same with the pre-2009 response-time limit, or none (no verdict).
 */
public enum RunRules {
    /** Today's SD rules: average dialog response time below 1 s. */
    SD(Duration.ofSeconds(1)),
    /** The classic (before 2009) limit of 2 s, as in the 2003 whitepaper. */
    SD_PRE2009(Duration.ofSeconds(2)),
    /** No verdict: figures are reported, nothing is judged. */
    NONE(null);

    /** The high-load window the SD rules demand for the standard workload. */
    public static final Duration MIN_WINDOW = Duration.ofMinutes(15);

    private final Duration responseLimit;

    RunRules(Duration responseLimit) {
        this.responseLimit = responseLimit;
    }

    /** The average dialog response time a valid run stays below; null for {@link #NONE}. */
    public Duration responseLimit() {
        return responseLimit;
    }

    /** Accepts the spelling used in YAML and on the command line: {@code sd-pre2009}, {@code SD_PRE2009}. */
    @JsonCreator
    public static RunRules parse(String text) {
        String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(values())
                .filter(v -> v.name().equals(t))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + text + "' is not allowed: one of "
                        + Arrays.stream(values()).map(RunRules::yamlName).toList()));
    }

    @JsonValue
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
