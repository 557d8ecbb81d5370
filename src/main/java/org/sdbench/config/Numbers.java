package org.sdbench.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import java.io.IOException;
import java.util.regex.Pattern;

/**
 * The one rule for every number a person writes (configuration files, {@code --set}, command-line
 * options, option values such as sweep levels): decimal digits 0-9, an optional leading minus, no
 * leading zero. YAML 1.1 would read {@code 010} as 8 and {@code 0x10}, {@code 0b1} and {@code 1_000}
 * as numbers, and Java's parsers read any script's digits ({@code ３} as 3): a value that means one
 * thing to its writer and another to sdbench is refused, never guessed.
 */
public final class Numbers {
    /** What a whole number may look like, as every refusal says it. */
    public static final String WHOLE =
            "a whole number in the decimal digits 0-9, such as 10 (no leading zero, '+', '_', '0x' or '0b')";

    /** What any number may look like. */
    public static final String DECIMAL =
            "a number in the decimal digits 0-9, such as 10, 0.5 or 1e-3 (no leading zero, '+', '_', '0x' or '0b')";

    private static final Pattern WHOLE_FORM = Pattern.compile("-?(0|[1-9][0-9]*)");
    private static final Pattern DECIMAL_FORM = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?");

    private Numbers() {}

    public static boolean isWhole(String text) {
        return text != null && WHOLE_FORM.matcher(text).matches();
    }

    public static boolean isDecimal(String text) {
        return text != null && DECIMAL_FORM.matcher(text).matches();
    }

    /** {@code text} (trimmed) as an int; a refusal names {@code key}, the value and {@link #WHOLE}. */
    public static int parseInt(String key, String text) {
        long v = parseLong(key, text);
        ConfigException.require(
                v == (int) v, key, text, WHOLE + " from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE);
        return (int) v;
    }

    public static long parseLong(String key, String text) {
        String t = text == null ? "" : text.strip();
        ConfigException.require(isWhole(t), key, text, WHOLE);
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException tooLong) {
            throw ConfigException.key(key, text, WHOLE + " from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE);
        }
    }

    public static double parseDouble(String key, String text) {
        String t = text == null ? "" : text.strip();
        ConfigException.require(isDecimal(t), key, text, DECIMAL);
        return Double.parseDouble(t);
    }

    /**
     * {@code p}, refusing every number token whose text breaks the rule: the YAML parser has already
     * turned {@code 010} into 8 by then, so the check has to see the text, token by token. A refusal
     * starts with {@code where} (and the line, for a file) and names the key: {@code under} plus the
     * token's path ({@code under} is the key a {@code --set} value belongs to, else empty).
     */
    static JsonParser checked(JsonParser p, String where, String under) {
        return new JsonParserDelegate(p) {
            @Override
            public JsonToken nextToken() throws IOException {
                JsonToken t = super.nextToken();
                boolean whole = t == JsonToken.VALUE_NUMBER_INT;
                if (whole && !isWhole(getText()) || t == JsonToken.VALUE_NUMBER_FLOAT && !isDecimal(getText())) {
                    String path = ConfigLoader.fullPath(getParsingContext());
                    String key = under.isEmpty() || path.isEmpty() ? under + path : under + "." + path;
                    var at = currentLocation();
                    String line = !under.isEmpty() || at == null || at.getLineNr() < 1 ? "" : ":" + at.getLineNr();
                    throw new ConfigException(where + line + ": "
                            + ConfigException.key(key, getText(), whole ? WHOLE : DECIMAL)
                                    .getMessage());
                }
                return t;
            }
        };
    }
}
