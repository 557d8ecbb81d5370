package org.sdbench.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** Table category to tablespace mapping (the whitepaper's layout experiment); empty = default tablespace. */
public record Tablespaces(String vb, String insertOnly, String mixed, String master) {
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

    public Tablespaces {
        vb = check("database.tablespaces.vb", vb);
        insertOnly = check("database.tablespaces.insertOnly", insertOnly);
        mixed = check("database.tablespaces.mixed", mixed);
        master = check("database.tablespaces.master", master);
    }

    private static String check(String key, String v) {
        String s = v == null ? "" : v.trim();
        ConfigException.require(
                s.isEmpty() || IDENT.matcher(s).matches(),
                key,
                v,
                "an existing tablespace name (letters, digits, _) or empty");
        return s;
    }

    /** Category name (as in the schema file names) to tablespace, only for mapped categories. */
    public Map<String, String> mapped() {
        Map<String, String> m = new LinkedHashMap<>();
        if (!vb.isEmpty()) m.put("vb", vb);
        if (!insertOnly.isEmpty()) m.put("insert-only", insertOnly);
        if (!mixed.isEmpty()) m.put("mixed", mixed);
        if (!master.isEmpty()) m.put("master", master);
        return m;
    }
}
