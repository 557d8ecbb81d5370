package org.sdbench.config;

/** A user error in configuration: the message is one line naming the key, the bad value and what is allowed. */
public final class ConfigException extends RuntimeException {
    private final String allowed;

    public ConfigException(String message) {
        this(message, null);
    }

    private ConfigException(String message, String allowed) {
        super(message, null, false, false);
        this.allowed = allowed;
    }

    /** The "'key' = value is not allowed: allowed" failure. */
    public static ConfigException key(String key, Object value, String allowed) {
        return new ConfigException("'" + key + "' = " + quote(value) + " is not allowed: " + allowed, allowed);
    }

    /**
     * What is allowed, when this failure was made by {@link #key}: lets a command-line parser that knows the
     * option name and value better than the checker say the same sentence for its option.
     */
    public String allowed() {
        return allowed;
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
