package org.sdbench.database.check;

import java.sql.SQLException;
import java.util.List;
import org.sdbench.database.Database;

/** One consistency audit of 'sdbench check'. An empty list means it passed. */
public interface Audit {
    /** Short name, printed before each problem (e.g. "master-data"). */
    String name();

    /**
     * Runs the audit against the installed schema.
     *
     * @throws SQLException when the database cannot be read (reported as an environment error, exit 3)
     */
    List<Problem> run(Database db) throws SQLException;
}
