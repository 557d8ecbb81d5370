package org.sdbench.config;

/** A user error in configuration: the message is one line naming the key, the bad value and what is allowed. */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message, null, false, false);
    }

    static ConfigException key(String key, Object value, String allowed) {
        return new ConfigException("'" + key + "' = " + quote(value) + " is not allowed: " + allowed);
    }

    private static String quote(Object v) {
        return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
    }

    public static void require(boolean ok, String key, Object value, String allowed) {
        if (!ok) {
            throw key(key, value, allowed);
        }
    }
}
