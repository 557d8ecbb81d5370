package org.sdbench.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import java.io.IOException;

/** A loss rate written as a fraction ({@code 0.001}) or a percentage ({@code 0.1%}). */
public final class LossRate {
    private LossRate() {}

    public static double parse(String key, String text) {
        String t = text == null ? "" : text.trim();
        String digits = t.endsWith("%") ? t.substring(0, t.length() - 1).trim() : t;
        if (Numbers.isDecimal(digits)) {
            double v = Double.parseDouble(digits) / (t.endsWith("%") ? 100 : 1);
            if (v >= 0 && v < 1) {
                return v;
            }
        }
        throw new ConfigException(
                "'" + key + "' = '" + text + "' is not allowed: a loss rate in [0, 1) such as 0.001 or 0.1%");
    }

    /** Reads either form from YAML or {@code --set}; the key in errors is the YAML path. */
    public static final class Deserializer extends JsonDeserializer<Double> {
        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return parse(
                    p.getParsingContext()
                            .pathAsPointer()
                            .toString()
                            .substring(1)
                            .replace('/', '.'),
                    p.getValueAsString());
        }
    }
}
