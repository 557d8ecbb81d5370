package org.sdbench.study.experiment;

import java.util.List;
import org.sdbench.config.ConfigException;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.DbKind;
import org.sdbench.database.Database;

/**
 * How an experiment puts each variant's database settings in force before its run, and every
 * setting back as it was found at the end (also after a failed run or Ctrl-C). One implementation
 * per kind of server: the embedded one is restarted with start-up options, an external PostgreSQL
 * gets ALTER SYSTEM and a reload (and a restart command when a setting needs one).
 */
public interface ServerSettings extends AutoCloseable {
    /**
     * The implementation for this database and plan: the embedded server's restarts before every run;
     * for an external server, ALTER SYSTEM when a variant changes a server setting, else the one database
     * (restarted before every run when a restart command is given).
     *
     * @param restartCommand the shell command that restarts an external server (null: none given)
     */
    static ServerSettings open(DatabaseConfig config, ExperimentPlan plan, String restartCommand) {
        if (plan.design() instanceof Design.Duet) {
            return new DuetSettings(config, plan);
        }
        if (plan.design() instanceof Design.Alternate) {
            ConfigException.require(
                    plan.changesServerSettings(),
                    "--design",
                    "alternate",
                    "a design for db.* settings, which switch inside a run; no variant changes one (use --design"
                            + " rounds)");
            ConfigException.require(
                    config.kind() == DbKind.POSTGRESQL,
                    "--design",
                    "alternate",
                    "an external PostgreSQL (--db-url): it switches settings by ALTER SYSTEM and a reload, and the "
                            + config.kind().name().toLowerCase(java.util.Locale.ROOT)
                            + " server takes them otherwise (use --design rounds)");
        }
        if (config.kind() != DbKind.EMBEDDED && !plan.changesServerSettings()) {
            return new FixedSettings(config, restartCommand);
        }
        return switch (config.kind()) {
            case EMBEDDED -> new EmbeddedSettings(config, plan);
            case POSTGRESQL -> new AlterSystemSettings(config, plan, restartCommand);
            case DB2 ->
                throw new ConfigException(
                        "'--variant' with db.* settings is not allowed on DB2: sdbench changes "
                                + "PostgreSQL settings only; change the DB2 configuration between experiments, or vary sdbench keys");
        };
    }

    /** The database for the variant's next run, with exactly its settings in force (the others as found). */
    Database apply(Variant variant) throws InterruptedException;

    /** What putting each setting in force takes, one line a setting, for the experiment's header. */
    List<String> describe();

    /** Puts every setting back as it was found and releases the database; safe to call more than once. */
    @Override
    void close();
}
