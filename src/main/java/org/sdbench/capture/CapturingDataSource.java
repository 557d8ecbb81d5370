package org.sdbench.capture;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.sdbench.db.ConnectionInterceptor;

/** The data source a pool takes its connections from while a capture records them. */
final class CapturingDataSource implements DataSource {
    private final ConnectionInterceptor.Connector captured;

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

    @Override
    public void setLoginTimeout(int seconds) {
        // The connection properties carry pgjdbc's loginTimeout.
    }

    @Override
    public int getLoginTimeout() {
        return 0;
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
