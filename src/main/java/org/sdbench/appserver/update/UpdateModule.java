package org.sdbench.appserver.update;

import java.sql.SQLException;
import org.sdbench.db.DbSession;

/**
 * Business logic the update task runs for one module of a request, from its payload alone (so
 * requests left in VBHDR by a crash can be processed by the next start).
 */
public interface UpdateModule {
    String name();

    /** Runs inside the update transaction; returns the order line items this update fully processed. */
    int execute(DbSession db, byte[] payload) throws SQLException;
}
