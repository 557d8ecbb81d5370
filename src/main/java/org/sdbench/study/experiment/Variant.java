package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.sdbench.config.ConfigException;

/**
 * One side of an experiment: a name and the changes that make it, database settings (keys
 * {@code db.NAME}) and sdbench configuration overrides (any other key). The baseline may have none.
 *
 * @param dbSettings server settings by PostgreSQL name, in the order given
 * @param overrides  {@code KEY=VALUE} configuration overrides, applied after every file and flag
 */
public record Variant(String name, Map<String, String> dbSettings, List<String> overrides) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,39}");
    /** A server setting's name as PostgreSQL spells them (extensions' settings have a dot). */
    private static final Pattern SETTING = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)?");

    static final String DB_PREFIX = "db.";

    public Variant {
        ConfigException.require(
                name != null && NAME.matcher(name).matches(),
                "--variant",
                name,
                "a name of letters, digits, '.', '_' or '-' (at most 40), then ':' and the changes");
        dbSettings = Collections.unmodifiableMap(new LinkedHashMap<>(dbSettings));
        overrides = List.copyOf(overrides);
    }

    /** True when the variant changes nothing: the baseline as it is configured. */
    public boolean isPlain() {
        return dbSettings.isEmpty() && overrides.isEmpty();
    }

    /** {@code NAME:KEY=VALUE[,KEY=VALUE...]}; {@code NAME:} alone is a variant without changes. */
    public static Variant parse(String spec) {
        int colon = spec.indexOf(':');
        if (colon < 0) {
            throw new ConfigException("'--variant' = '" + spec + "' is not allowed: NAME:KEY=VALUE[,KEY=VALUE...], "
                    + "or NAME: for no change (e.g. base: or small:db.shared_buffers=16MB)");
        }
        String name = spec.substring(0, colon);
        Map<String, String> db = new LinkedHashMap<>();
        List<String> sets = new ArrayList<>();
        String rest = spec.substring(colon + 1).strip();
        for (String change : rest.isEmpty() ? new String[0] : rest.split(",")) {
            int eq = change.indexOf('=');
            String key = eq < 0 ? change.strip() : change.substring(0, eq).strip();
            if (eq <= 0 || key.isEmpty()) {
                throw new ConfigException("'--variant " + name + "' has the change '" + change
                        + "', which is not allowed: KEY=VALUE, with db.NAME for a database setting");
            }
            String value = change.substring(eq + 1).strip();
            if (key.startsWith(DB_PREFIX)) {
                String setting = key.substring(DB_PREFIX.length());
                ConfigException.require(
                        SETTING.matcher(setting).matches(),
                        key,
                        value,
                        "db. followed by a server setting's name in lower case, e.g. db.shared_buffers");
                ConfigException.require(db.put(setting, value) == null, key, value, "each setting once per variant");
            } else {
                ConfigException.require(
                        !key.startsWith("database."),
                        key,
                        value,
                        "a variant's own keys; one experiment runs on one database, so database.* is set for all "
                                + "variants with --set or --db-url (server settings: db.NAME)");
                sets.add(key + "=" + value);
            }
        }
        return new Variant(name, db, sets);
    }

    /** The changes as one line, e.g. {@code db.shared_buffers=16MB, appServer.layout=three-tier}; "no change" when none. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        dbSettings.forEach((k, v) -> parts.add(DB_PREFIX + k + "=" + v));
        parts.addAll(overrides);
        return parts.isEmpty() ? "no change" : String.join(", ", parts);
    }
}
