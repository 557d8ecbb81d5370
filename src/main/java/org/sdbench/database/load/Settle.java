package org.sdbench.database.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.sdbench.config.DbKind;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SqlErrors;

/**
 * Every run of an experiment or a bench with SQL starts from the same state: the documents of
 * earlier runs removed (the transactional reset), their dead rows vacuumed so that no run inherits
 * another's bloat or an autovacuum in its window, and a CHECKPOINT so that no run pays for the
 * previous one's dirty pages. Without the VACUUM, each reset left its documents' rows dead in the
 * indexes and the heap, and a server without autovacuum spent more CPU per step run after run.
 */
public final class Settle {
    private Settle() {}

    public static void before(Database db) {
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
                    + SqlErrors.firstLine(e) + "): CHECKPOINT needs a superuser or pg_checkpoint");
        }
    }
}
