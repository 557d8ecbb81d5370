package org.sdbench.study.experiment;

import java.util.List;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.database.Database;

/**
 * An external server no variant changes a setting of: nothing to put back. With a restart command
 * the server is restarted before every run, so that each starts with cold shared buffers as the
 * first did; without one, each run starts with what the run before it left there.
 */
final class FixedSettings implements ServerSettings {
    private final ServerRestart restart;
    private Database db;

    FixedSettings(DatabaseConfig config, String restartCommand) {
        this.restart =
                restartCommand == null || restartCommand.isBlank() ? null : new ServerRestart(config, restartCommand);
        this.db = Database.open(config, false);
    }

    @Override
    public Database apply(Variant variant) throws InterruptedException {
        if (restart != null) {
            close();
            db = restart.restart();
        }
        return db;
    }

    @Override
    public List<String> describe() {
        return List.of(
                restart != null
                        ? "the server is restarted with --db-restart-command before every run"
                        : "the server is not restarted between runs (no --db-restart-command): each run starts with"
                                + " the shared buffers the run before it left");
    }

    @Override
    public void close() {
        if (db != null) {
            db.close();
            db = null;
        }
    }
}
