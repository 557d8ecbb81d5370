package org.sdbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sdbench.measure.environment.Environment;

/**
 * The database settings under which a committed transaction may be lost or the data corrupted by a
 * crash: throughput measured under them is not that of a durable system, so the summary says so.
 * {@code synchronous_commit} values other than {@code off} all flush the commit locally.
 */
public final class Durability {
    private static final Map<String, String> NOT_DURABLE = Map.of(
            "fsync", "off",
            "synchronous_commit", "off",
            "full_page_writes", "off");

    private Durability() {}

    /** The offending settings as {@code name=value}, in a fixed order; empty when commits are durable. */
    public static List<String> undurable(Environment.Database db) {
        List<String> out = new ArrayList<>();
        if (db == null || db.settings() == null) {
            return out;
        }
        for (String name : List.of("fsync", "synchronous_commit", "full_page_writes")) {
            Environment.Setting s = db.settings().get(name);
            if (s != null && NOT_DURABLE.get(name).equalsIgnoreCase(s.value())) {
                out.add(name + "=" + s.value());
            }
        }
        return out;
    }

    /** The summary's warning, or none. */
    public static List<String> warnings(Environment.Database db) {
        List<String> u = undurable(db);
        return u.isEmpty()
                ? List.of()
                : List.of("commits are not durable: " + String.join(", ", u)
                        + " (the database's settings at run start); a crash may lose committed orders, and the"
                        + " figures are not those of a durable system");
    }
}
