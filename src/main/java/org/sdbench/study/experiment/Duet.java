package org.sdbench.study.experiment;

import java.nio.file.Path;
import java.util.List;
import org.sdbench.config.ConfigException;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.DbKind;

/**
 * What the duet design asks of an experiment: two variants that differ in server settings only, on
 * the embedded server (whose data directory is copied for the second server), and how each side's
 * simulator is started.
 */
public final class Duet {
    /** The arguments of {@code sdbench run} for a variant's simulator in a round, before the database's. */
    @FunctionalInterface
    public interface Arguments {
        List<String> of(Variant variant, int round);
    }

    private Duet() {}

    /** Refuses what a duet cannot run, in one line. */
    public static void require(ExperimentPlan plan, DatabaseConfig db) {
        ConfigException.require(
                plan.variants().size() == 2,
                "--variant",
                plan.variants().size() + " variants",
                "exactly two with --design duet: the baseline and one alternative, side by side");
        for (Variant v : plan.variants()) {
            ConfigException.require(
                    v.overrides().isEmpty(),
                    "--variant " + v.name(),
                    String.join(",", v.overrides()),
                    "db.* settings only with --design duet (both sides share the simulator's configuration)");
        }
        ConfigException.require(
                db.kind() == DbKind.EMBEDDED,
                "database.kind",
                db.kind().name().toLowerCase(),
                "embedded with --design duet (it copies the embedded server's data directory for the second server)");
    }

    /** The embedded configuration on the copy, with a port of its own. */
    static DatabaseConfig onCopy(DatabaseConfig c, Path copy) {
        return new DatabaseConfig(
                c.kind(),
                c.url(),
                c.user(),
                c.passwordEnv(),
                c.passwordFile(),
                c.schema(),
                copy.toString(),
                0,
                c.sslmode(),
                c.tablespaces(),
                c.timeouts(),
                c.transport(),
                c.unixSocketDir());
    }
}
