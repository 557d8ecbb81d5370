package org.sdbench.database.capture;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.sdbench.database.ConnectionInterceptor;

/** The data source a pool takes its connections from while a capture records them. */
final class CapturingDataSource implements DataSource {
    private final ConnectionInterceptor.Connector captured;
    private volatile int loginTimeoutSeconds;

    /** @param captured opens a real connection and wraps it in the capture */
    CapturingDataSource(ConnectionInterceptor.Connector captured) {
        this.captured = captured;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return captured.connect();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // pgjdbc logs through java.util.logging; nothing to redirect.
    }

    /**
     * Kept only to be read back: the connection properties carry pgjdbc's own loginTimeout. The pool
     * sets it and, when it closes, waits this long for its connection adder to stop (at 0 it would
     * not wait at all, and log a time-out).
     */
    @Override
    public void setLoginTimeout(int seconds) {
        loginTimeoutSeconds = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeoutSeconds;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("no parent logger");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return false;
    }
}
