package org.sdbench.study.experiment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.config.ConfigException;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;

/**
 * What PostgreSQL says of the settings an experiment varies: whether each exists, and whether it
 * takes effect on a reload or only after a restart (pg_settings.context 'postmaster').
 */
final class SettingFacts {
    private SettingFacts() {}

    /** By setting name: its pg_settings context. Unknown names are a configuration error naming the key. */
    static Map<String, String> contexts(Database db, List<String> names) {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = db.connect();
                PreparedStatement ps = c.prepareStatement("SELECT context FROM pg_settings WHERE name = ?")) {
            for (String name : names) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new ConfigException(
                                "'" + Variant.DB_PREFIX + name + "' is not allowed: this server has no setting '" + name
                                        + "' (names as pg_settings lists them, e.g. db.shared_buffers, db.synchronous_commit)");
                    }
                    out.put(name, rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading pg_settings failed (" + e.getMessage() + ")");
        }
        return out;
    }

    /**
     * Refuses a setting the alternate design cannot switch inside a run: only those a reload puts in
     * force for the sessions already open (contexts sighup, user, superuser) switch there.
     */
    static void requireReloadable(Map<String, String> contexts) {
        contexts.forEach((name, context) -> {
            String why = switch (context) {
                case "sighup", "user", "superuser" -> null;
                case "postmaster" -> "it takes effect only after a server restart";
                case "backend", "superuser-backend" -> "it takes effect only in sessions opened after it";
                default -> "the server does not let it change";
            };
            if (why != null) {
                throw new ConfigException("'" + Variant.DB_PREFIX + name
                        + "' is not allowed with --design alternate: its"
                        + " context is " + context + " (" + why + "), and alternate switches settings inside a run"
                        + " by a reload; use --design rounds");
            }
        });
    }

    /** True when the setting takes effect only after a restart. */
    static boolean needsRestart(String context) {
        return "postmaster".equals(context);
    }

    /**
     * Proves that the server accepts every value (ALTER SYSTEM parses it as the server would), then
     * takes the trial back; a refused value is a configuration error naming the key and the server's reason.
     */
    static void validate(Database db, List<Variant> variants, Map<String, String> foundInAutoConf) {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            for (Variant v : variants) {
                for (var e : v.dbSettings().entrySet()) {
                    try {
                        s.execute(alterSystem(e.getKey(), e.getValue()));
                    } catch (SQLException refused) {
                        throw new ConfigException("'" + Variant.DB_PREFIX + e.getKey() + "' = '" + e.getValue()
                                + "' is not allowed: the server refused it (" + firstLine(refused) + ")");
                    } finally {
                        s.execute(restore(e.getKey(), foundInAutoConf.get(e.getKey())));
                    }
                }
            }
        } catch (SQLException e) {
            throw new EnvironmentException("changing a setting with ALTER SYSTEM failed (" + firstLine(e)
                    + "): experiments with db.* settings need a superuser connection (or one granted ALTER SYSTEM)");
        }
    }

    /**
     * postgresql.auto.conf's entries for these names as the server found them (ALTER SYSTEM's earlier
     * values), those not in force yet included; where a name has two, the later, which is the one that counts.
     * Every entry of the file when {@code names} is null.
     */
    static Map<String, String> autoConf(Database db, List<String> names) {
        Map<String, String> out = new LinkedHashMap<>();
        // Every entry, applied or not: one waiting for a restart (a DBA's shared_buffers) must be put back too.
        String sql = "SELECT name, setting FROM pg_file_settings WHERE sourcefile LIKE '%postgresql.auto.conf'"
                + " AND (? OR name = ANY (?)) ORDER BY seqno";
        try (Connection c = db.connect();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setBoolean(1, names == null);
            ps.setArray(2, c.createArrayOf("text", names == null ? new Object[0] : names.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading pg_file_settings failed (" + firstLine(e)
                    + "): experiments with db.* settings need a superuser connection (or pg_read_all_settings)");
        }
        return out;
    }

    /** How long a reload may take to reach a new session. */
    static final Duration RELOAD_BOUND = Duration.ofSeconds(10);

    /**
     * Bounded wait until a new session sees each reload setting from where it must come: from
     * postgresql.auto.conf where the experiment left an entry for it, from elsewhere where it left none.
     * A value ALTER SYSTEM wrote but the server does not use (a command-line option overrides it, the
     * reload failed) is an environment failure naming the setting and the source in force.
     *
     * @param written what postgresql.auto.conf holds for each name now (null: no entry)
     */
    static void awaitInForce(Database db, Map<String, String> contexts, Map<String, String> written)
            throws InterruptedException {
        List<String> reloaded = written.keySet().stream()
                .filter(n -> !needsRestart(contexts.get(n)))
                .toList();
        if (reloaded.isEmpty()) {
            return;
        }
        long deadline = System.nanoTime() + RELOAD_BOUND.toNanos();
        String sql = "SELECT name, setting, source, coalesce(sourcefile, '') FROM pg_settings WHERE name = ANY (?)";
        while (true) {
            List<String> wrong = new ArrayList<>();
            try (Connection c = db.connect();
                    PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setArray(1, c.createArrayOf("text", reloaded.toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        boolean fromAutoConf = rs.getString(4).endsWith("postgresql.auto.conf");
                        String want = written.get(rs.getString(1));
                        if (fromAutoConf != (want != null)) {
                            wrong.add(Variant.DB_PREFIX + rs.getString(1) + " is " + rs.getString(2) + " from "
                                    + rs.getString(3) + (rs.getString(4).isEmpty() ? "" : " " + rs.getString(4))
                                    + (want == null ? ", not the server's own value" : ", not '" + want + "'"));
                        }
                    }
                }
            } catch (SQLException e) {
                throw new EnvironmentException("reading pg_settings failed (" + firstLine(e) + ")");
            }
            if (wrong.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new EnvironmentException("after ALTER SYSTEM and a reload a new session still sees "
                        + String.join("; ", wrong) + " (" + RELOAD_BOUND.toSeconds() + " s later): a start-up option"
                        + " or a setting of the role or database overrides it, so the run would not measure it");
            }
            Thread.sleep(100);
        }
    }

    static String alterSystem(String name, String value) {
        return "ALTER SYSTEM SET " + name + " = '" + value.replace("'", "''") + "'";
    }

    /** Back to what postgresql.auto.conf held: its earlier value, or no entry at all. */
    static String restore(String name, String autoConfValue) {
        return autoConfValue == null ? "ALTER SYSTEM RESET " + name : alterSystem(name, autoConfValue);
    }

    static String firstLine(Exception e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
