package org.sdbench.apptier.instance.update;

import java.sql.SQLException;
import org.sdbench.database.Pipeline;

/**
 * Business logic the update task runs for one module of a request, from its payload alone (so
 * requests left in VBHDR by a crash can be processed by the next start).
 */
public interface UpdateModule {
    String name();

    /**
     * Adds the module's statements to {@code db}, which the update task sends inside the update
     * transaction right after this returns; returns the order line items this update fully processed.
     */
    int execute(Pipeline db, byte[] payload) throws SQLException;
}
