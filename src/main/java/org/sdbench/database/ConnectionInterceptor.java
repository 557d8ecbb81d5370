package org.sdbench.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/**
 * Stands between a pool and the driver, for tools that observe every statement (the replay
 * bench records a run's SQL through one): the pool takes its connections from the data source
 * this returns.
 */
public interface ConnectionInterceptor {
    /** Opens one real connection to the database, with the session's properties applied. */
    interface Connector {
        Connection connect() throws SQLException;
    }

    DataSource dataSource(Connector connect);

    /**
     * The options that have a child process of this run (an app server, {@code role}) observe its
     * own pools the same way; empty when this interceptor sees this process's pools only.
     */
    default List<String> childOptions(String role) {
        return List.of();
    }
}
