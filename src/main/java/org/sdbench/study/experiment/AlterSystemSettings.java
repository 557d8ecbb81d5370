package org.sdbench.study.experiment;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.config.ConfigException;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;

/**
 * An external PostgreSQL: each variant's settings by ALTER SYSTEM and a reload, checked in force on
 * a fresh session before the run; settings that need a restart by the command the user named, and
 * then before every run, the baseline's too, so that every run starts equally cold. At the end
 * postgresql.auto.conf gets back exactly the entries it had (every entry, pending ones too) and the
 * server is reloaded (restarted when a restart setting was changed); where this host can read the
 * file, a copy taken before the first ALTER SYSTEM makes it byte-identical, also when the server is
 * down after a value it cannot start with.
 */
final class AlterSystemSettings implements ServerSettings {
    private final DatabaseConfig config;
    private final ServerRestart restart;
    private final Map<String, String> contexts;
    private final Map<String, String> found;
    private final List<String> names;
    private final boolean restartEveryRun;
    private final AutoConfFile.Found file;
    /** Every entry of postgresql.auto.conf when found, this experiment's names or not. */
    private final Map<String, String> foundAll;
    /** What this experiment last wrote for each name: the value, or null for no entry. */
    private final Map<String, String> written = new LinkedHashMap<>();

    private Database db;
    private boolean changed;
    private boolean serverDown;
    /** Why the server went down: the failed restart's message. */
    private String downBecause;

    AlterSystemSettings(DatabaseConfig config, ExperimentPlan plan, String restartCommand) {
        this.config = config;
        this.names = plan.settingNames();
        this.restart =
                restartCommand == null || restartCommand.isBlank() ? null : new ServerRestart(config, restartCommand);
        this.db = Database.open(config, false);
        try {
            this.contexts = SettingFacts.contexts(db, names);
            if (plan.design() instanceof Design.Alternate) {
                SettingFacts.requireReloadable(contexts);
            }
            this.found = SettingFacts.autoConf(db, names);
            this.restartEveryRun = contexts.values().stream().anyMatch(SettingFacts::needsRestart);
            if (restartEveryRun && restart == null) {
                String which = contexts.entrySet().stream()
                        .filter(e -> SettingFacts.needsRestart(e.getValue()))
                        .map(e -> Variant.DB_PREFIX + e.getKey())
                        .toList()
                        .toString();
                throw new ConfigException(
                        "'--db-restart-command' is missing: " + which + " take effect only after a server "
                                + "restart, and sdbench cannot restart a server it did not start; give the command that restarts "
                                + "it and returns when it accepts connections (e.g. 'pg_ctlcluster 15 main restart')");
            }
            // Before the first ALTER SYSTEM, which the trial of every value below is.
            this.file = AutoConfFile.find(db, config);
            this.foundAll = SettingFacts.autoConf(db, null);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        try {
            SettingFacts.validate(db, plan.variants(), found);
        } catch (RuntimeException e) {
            try {
                sameBytes();
            } catch (RuntimeException notBack) {
                e.addSuppressed(notBack);
            }
            db.close();
            throw e;
        }
        sameBytes();
    }

    @Override
    public Database apply(Variant variant) throws InterruptedException {
        List<String> statements = new ArrayList<>();
        for (String name : names) {
            String wanted = variant.dbSettings().get(name);
            statements.add(
                    wanted != null
                            ? SettingFacts.alterSystem(name, wanted)
                            : SettingFacts.restore(name, found.get(name)));
            written.put(name, wanted != null ? wanted : found.get(name));
        }
        changed = true;
        execute(statements);
        if (restartEveryRun) {
            restartServer();
        }
        SettingFacts.awaitInForce(db, contexts, written);
        return db;
    }

    private void execute(List<String> statements) {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
            try (ResultSet rs = s.executeQuery("SELECT pg_reload_conf()")) {
                rs.next();
            }
        } catch (SQLException e) {
            throw new EnvironmentException("changing the server's settings failed (" + SettingFacts.firstLine(e) + ")");
        }
    }

    private void restartServer() throws InterruptedException {
        if (db != null) {
            db.close();
            db = null;
        }
        try {
            db = restart.restart();
            serverDown = false;
        } catch (EnvironmentException e) {
            serverDown = true;
            downBecause = e.getMessage();
            throw e;
        }
    }

    @Override
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        contexts.forEach((name, context) -> out.add(Variant.DB_PREFIX + name + " (" + context + "): ALTER SYSTEM, "
                + (SettingFacts.needsRestart(context)
                        ? "then --db-restart-command"
                        : "then a reload, checked in force on a new session")));
        if (restartEveryRun) {
            out.add("the server is restarted with --db-restart-command before every run, the baseline's too");
        }
        out.add(
                file.file() != null
                        ? AutoConfFile.NAME + ": a copy of " + file.file().path()
                                + " is taken first and put back byte for" + " byte if SQL cannot"
                        : AutoConfFile.NAME + ": put back by SQL only (" + file.why() + ")");
        return out;
    }

    @Override
    public void close() {
        if (!changed) {
            closeDb();
            return;
        }
        changed = false;
        EnvironmentException failed = null;
        try {
            if (!serverDown) {
                if (db == null && restart != null) {
                    db = restart.reconnect();
                }
                execute(names.stream()
                        .map(n -> SettingFacts.restore(n, found.get(n)))
                        .toList());
                written.clear();
                if (restartEveryRun) {
                    restartServer();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failed = new EnvironmentException("interrupted while putting the server's settings back");
        } catch (EnvironmentException e) {
            failed = e;
        }
        try {
            if (serverDown || failed != null) {
                failed = recover(failed);
            } else {
                sameBytes();
            }
        } finally {
            closeDb();
        }
        if (failed != null) {
            throw failed;
        }
    }

    /**
     * SQL could not put everything back (the server is down, or the restart failed): the file's copy
     * where there is one, and a restart to bring the server back as found; else exactly what is left.
     * Returns what the user must still be told, null when all is back.
     */
    private EnvironmentException recover(EnvironmentException failed) {
        String why = failed != null ? failed.getMessage() : "the server is down after a restart (" + downBecause + ")";
        if (file.file() == null) {
            return new EnvironmentException(why + ". " + left());
        }
        try {
            file.file().restore();
        } catch (IOException e) {
            return new EnvironmentException(why + "; writing back the copy of "
                    + file.file().path() + " failed (" + e.getMessage() + "). " + left());
        }
        written.clear();
        if (restart == null) {
            return new EnvironmentException(why + "; " + file.file().path()
                    + " is back as found, byte for byte: reload the server (SELECT pg_reload_conf()) to use it");
        }
        try {
            closeDb();
            db = restart.restart();
            serverDown = false;
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new EnvironmentException(why + "; " + file.file().path() + " is back as found, byte for byte;"
                    + " interrupted while restarting the server: start it with " + restart.command());
        } catch (EnvironmentException e) {
            return new EnvironmentException(why + "; " + file.file().path() + " is back as found, byte for byte,"
                    + " but the server did not start again (" + e.getMessage() + "): start it by hand");
        }
    }

    private String left() {
        return left(written, found);
    }

    /**
     * Exactly what this experiment left in postgresql.auto.conf and how to remove it.
     *
     * @param written what it last wrote for each name (null: no entry)
     * @param found   the entries the file had for them
     */
    static String left(Map<String, String> written, Map<String, String> found) {
        List<String> lines = new ArrayList<>();
        written.forEach((name, value) -> {
            String before = found.get(name);
            if (value == null && before != null) {
                lines.add("no " + name + " line (it had " + name + " = '" + before + "': add it back)");
            } else if (value != null && !value.equals(before)) {
                lines.add(name + " = '" + value + "' ("
                        + (before == null ? "remove the line: it had none" : "was '" + before + "'") + ")");
            }
        });
        if (lines.isEmpty()) {
            return AutoConfFile.NAME + " holds the entries it had; start the server";
        }
        return "The server's " + AutoConfFile.NAME + " (in its data directory) still holds what this experiment set: "
                + String.join("; ", lines) + ". Edit those lines back (or, once it runs, ALTER SYSTEM RESET/SET them),"
                + " then start the server";
    }

    /**
     * Where the file's copy exists and SQL put back the same entries in other bytes (ALTER SYSTEM's own
     * layout), the copy goes back. Entries that differ from those found were written by someone else
     * meanwhile: they stay.
     */
    private void sameBytes() {
        if (file.file() == null) {
            return;
        }
        try {
            if (!file.file().identical()) {
                if (!SettingFacts.autoConf(db, null).equals(foundAll)) {
                    throw new EnvironmentException(file.file().path() + " holds other entries than when this experiment"
                            + " started (another session's ALTER SYSTEM?): left as it is; its entries were "
                            + foundAll);
                }
                file.file().restore();
                execute(List.of());
            }
        } catch (IOException e) {
            throw new EnvironmentException("putting back " + file.file().path() + " failed (" + e.getMessage()
                    + "): its entries for " + names + " should be " + found + " (none where not listed)");
        }
    }

    private void closeDb() {
        if (db != null) {
            db.close();
            db = null;
        }
    }
}
