package org.sdbench.experiment;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.sdbench.config.ConfigException;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;

/**
 * An external PostgreSQL: each variant's settings by ALTER SYSTEM and a reload; settings that
 * need a restart by the command the user named (sdbench cannot restart another's server), and
 * then before every run, the baseline's too, so that every run starts equally cold. At the end
 * postgresql.auto.conf gets back exactly the entries it had, and the server is reloaded (restarted
 * when a restart setting was changed).
 */
final class AlterSystemSettings implements ServerSettings {
    /** A restart command that has not returned by then is a failed restart. */
    static final Duration RESTART_BOUND = Duration.ofMinutes(5);
    /** How long the server may take to accept connections after the restart command returned. */
    static final Duration RECONNECT_BOUND = Duration.ofSeconds(60);

    private final DatabaseConfig config;
    private final String restartCommand;
    private final Map<String, String> contexts;
    private final Map<String, String> found;
    private final List<String> names;
    private final boolean restartEveryRun;
    private Database db;
    private boolean changed;

    AlterSystemSettings(DatabaseConfig config, ExperimentPlan plan, String restartCommand) {
        this.config = config;
        this.restartCommand = restartCommand;
        this.names = plan.settingNames();
        this.db = Database.open(config, false);
        try {
            this.contexts = SettingFacts.contexts(db, names);
            this.found = SettingFacts.autoConf(db, names);
            this.restartEveryRun = contexts.values().stream().anyMatch(SettingFacts::needsRestart);
            if (restartEveryRun && (restartCommand == null || restartCommand.isBlank())) {
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
            SettingFacts.validate(db, plan.variants(), found);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
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
        }
        changed = true;
        execute(statements);
        if (restartEveryRun) {
            restart();
        }
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

    private void restart() throws InterruptedException {
        db.close();
        db = null;
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", restartCommand)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new EnvironmentException("--db-restart-command could not be started (" + e.getMessage() + ")");
        }
        if (!p.waitFor(RESTART_BOUND.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new EnvironmentException("--db-restart-command did not return within " + RESTART_BOUND.toMinutes()
                    + " minutes: the server's state is unknown, check it before the next experiment");
        }
        if (p.exitValue() != 0) {
            throw new EnvironmentException("--db-restart-command exited with " + p.exitValue()
                    + ": run it by hand to see why; the server may be down");
        }
        db = reconnect();
    }

    private Database reconnect() throws InterruptedException {
        long deadline = System.nanoTime() + RECONNECT_BOUND.toNanos();
        while (true) {
            try {
                return Database.open(config, false);
            } catch (EnvironmentException e) {
                if (System.nanoTime() > deadline) {
                    throw new EnvironmentException("the server did not accept connections within "
                            + RECONNECT_BOUND.toSeconds() + " s of --db-restart-command: " + e.getMessage());
                }
                Thread.sleep(1000);
            }
        }
    }

    @Override
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        contexts.forEach((name, context) -> out.add(Variant.DB_PREFIX + name + " (" + context + "): ALTER SYSTEM, "
                + (SettingFacts.needsRestart(context) ? "then --db-restart-command" : "then a reload")));
        if (restartEveryRun) {
            out.add("the server is restarted with --db-restart-command before every run, the baseline's too");
        }
        return out;
    }

    @Override
    public void close() {
        try {
            if (changed) {
                changed = false;
                if (db == null) {
                    db = reconnect();
                }
                execute(names.stream()
                        .map(n -> SettingFacts.restore(n, found.get(n)))
                        .toList());
                if (restartEveryRun) {
                    restart();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EnvironmentException("interrupted while putting the server's settings back: check "
                    + "postgresql.auto.conf for " + names);
        } finally {
            if (db != null) {
                db.close();
                db = null;
            }
        }
    }
}
