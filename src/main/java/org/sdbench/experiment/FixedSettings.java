package org.sdbench.experiment;

import java.util.List;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.db.Database;

/** No variant changes a server setting: one database for the whole experiment, nothing to put back. */
final class FixedSettings implements ServerSettings {
    private final Database db;
    private boolean closed;

    FixedSettings(DatabaseConfig config) {
        this.db = Database.open(config, false);
    }

    @Override
    public Database apply(Variant variant) {
        return db;
    }

    @Override
    public List<String> describe() {
        return List.of();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            db.close();
        }
    }
}
