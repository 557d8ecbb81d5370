package org.sdbench.measure.environment;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of environment.json and report.html, which people attach to tickets: values
 * of settings known to carry credentials, of anything named like a password, key or token, and
 * {@code password=...}-style pairs inside any other value, are replaced by {@value #REDACTED}.
 */
public final class Redaction {
    public static final String REDACTED = "<redacted>";

    /** PostgreSQL settings whose value may embed a connection string with a password, or a command with one. */
    private static final Set<String> SECRET_SETTINGS = Set.of(
            "primary_conninfo",
            "archive_command",
            "restore_command",
            "archive_cleanup_command",
            "recovery_end_command",
            "ssl_passphrase_command",
            "archive_library",
            "synchronized_standby_slots");

    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(passw|pwd|secret|token|credential|conninfo|apikey|api_key|private.?key|access.?key|passphrase).*");
    private static final Pattern SECRET_PAIR = Pattern.compile(
            "(?i)(passw\\w*|pwd|secret\\w*|token|api_?key|access_?key|passphrase)(\\s*[=:]\\s*)('[^']*'|\"[^\"]*\"|[^\\s&;,]+)");
    private static final Pattern JVM_PROPERTY = Pattern.compile("(-D[^=]+=)(.*)", Pattern.DOTALL);

    private Redaction() {}

    /** A pg_settings value as it may be shown. */
    public static String setting(String name, String value) {
        if (value == null || value.isEmpty()) {
            return value;
        }
        if (SECRET_SETTINGS.contains(name.toLowerCase(Locale.ROOT))
                || SECRET_NAME.matcher(name).matches()) {
            return REDACTED;
        }
        return pairs(value);
    }

    /** JVM arguments as they may be shown: {@code -Dx.password=...} and embedded pairs redacted. */
    public static List<String> jvmArguments(List<String> args) {
        return args.stream().map(Redaction::jvmArgument).toList();
    }

    static String jvmArgument(String arg) {
        Matcher m = JVM_PROPERTY.matcher(arg);
        if (m.matches() && SECRET_NAME.matcher(m.group(1)).matches()) {
            return m.group(1) + REDACTED;
        }
        return pairs(arg);
    }

    /** {@code password=...} and similar pairs inside a free-form value (connection strings, URLs, commands). */
    public static String pairs(String value) {
        return value == null
                ? null
                : SECRET_PAIR
                        .matcher(value)
                        .replaceAll(mr -> Matcher.quoteReplacement(mr.group(1) + mr.group(2) + REDACTED));
    }
}
