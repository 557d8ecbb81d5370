package org.sdbench.experiment;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.sdbench.config.DbKind;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.load.TransactionalReset;

/**
 * Every run of an experiment starts from the same state: the documents of earlier runs removed
 * (the transactional reset), their dead rows vacuumed so that no run inherits another's bloat or
 * an autovacuum in its window, and a CHECKPOINT so that no run pays for the previous one's dirty pages.
 */
final class Settle {
    private Settle() {}

    static void before(Database db) {
        new TransactionalReset(db).reset();
        if (db.config().kind() == DbKind.DB2) {
            return;
        }
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("VACUUM " + String.join(", ", TransactionalReset.DOCUMENT_TABLES) + ", vbhdr, vbmod, vbdata");
            s.execute("CHECKPOINT");
        } catch (SQLException e) {
            throw new EnvironmentException("settling the database before a run failed (VACUUM, CHECKPOINT: "
                    + SettingFacts.firstLine(e) + "): CHECKPOINT needs a superuser or pg_checkpoint");
        }
    }
}
