package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.database.Database;

/**
 * The embedded server, restarted before every run of every experiment with that run's variant's
 * settings (if any) as start-up options: nothing is persisted, so there is nothing to put back but a
 * server without them. Every run restarts, the baseline's too and where no variant changes a
 * setting, so that each run starts with a cold shared buffer pool and none is favoured by what the
 * run before it left there.
 */
final class EmbeddedSettings implements ServerSettings {
    private final DatabaseConfig config;
    private final Map<String, String> contexts;
    private Database db;

    EmbeddedSettings(DatabaseConfig config, ExperimentPlan plan) {
        this.config = config;
        if (plan.settingNames().isEmpty()) {
            this.contexts = Map.of();
            return;
        }
        try (Database probe = Database.open(config, false)) {
            this.contexts = SettingFacts.contexts(probe, plan.settingNames());
            SettingFacts.validate(probe, plan.variants(), SettingFacts.autoConf(probe, plan.settingNames()));
        }
    }

    @Override
    public Database apply(Variant variant) {
        close();
        db = Database.open(config, false, variant.dbSettings());
        return db;
    }

    @Override
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        contexts.forEach(
                (name, context) -> out.add(Variant.DB_PREFIX + name + " (" + context + "): a start-up option"));
        out.add("the embedded server is restarted with each run's settings before every run, the baseline's too");
        return out;
    }

    @Override
    public void close() {
        if (db != null) {
            db.close();
            db = null;
        }
    }
}
