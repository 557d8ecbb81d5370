package org.sdbench.study.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.database.Database;

/**
 * The duet design's servers: the embedded server (for the data set's check before the first round),
 * then, once it is stopped, a copy of its data directory for the second server. Each round starts
 * both with their variants' settings as start-up options ({@link DuetRound}); nothing is persisted,
 * so closing stops the server and removes the copy.
 */
final class DuetSettings implements ServerSettings {
    private final DatabaseConfig config;
    private final EmbeddedSettings embedded;
    private Path copy;

    DuetSettings(DatabaseConfig config, ExperimentPlan plan) {
        Duet.require(plan, config);
        this.config = config;
        this.embedded = new EmbeddedSettings(config, plan);
    }

    DatabaseConfig config() {
        return config;
    }

    /** Stops the embedded server and copies its data directory; the copy's configuration. */
    DatabaseConfig copy() throws InterruptedException {
        embedded.close();
        copy = DuetCopy.copy(config.embeddedDataDir());
        return Duet.onCopy(config, copy);
    }

    @Override
    public Database apply(Variant variant) {
        return embedded.apply(variant);
    }

    @Override
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        for (String name : embeddedNames()) {
            out.add(Variant.DB_PREFIX + name + ": a start-up option of each side's own server");
        }
        out.add("both embedded servers are restarted with their side's settings before every round");
        return out;
    }

    private List<String> embeddedNames() {
        List<String> names = new ArrayList<>();
        for (String line : embedded.describe()) {
            if (line.startsWith(Variant.DB_PREFIX)) {
                names.add(line.substring(Variant.DB_PREFIX.length(), line.indexOf(' ')));
            }
        }
        return names;
    }

    @Override
    public void close() {
        try {
            embedded.close();
        } finally {
            if (copy != null) {
                DuetCopy.remove(copy);
                copy = null;
            }
        }
    }
}
