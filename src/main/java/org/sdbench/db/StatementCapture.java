package org.sdbench.db;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Records every statement that pooled connections send, with its parameters inlined, one file
 * per physical connection, in pgbench's script syntax: one line per round trip ({@code \;} joins
 * the statements of a batch, and a transaction's implicit BEGIN rides on its first statement as
 * pgjdbc's does), COMMIT and ROLLBACK where the connection ended a transaction. Only statements
 * that succeeded are written. {@code bench replay} turns the files into one pgbench client each.
 */
public final class StatementCapture implements AutoCloseable {

    /** What one physical connection sent, as pgbench commands. */
    static final class Stream {
        private final Path file;
        private final BufferedWriter out;
        private boolean autoCommit;
        private boolean inTransaction;
        private long roundTrips;
        private long statements;
        private long commits;

        Stream(Path file, boolean autoCommit) {
            this.file = file;
            this.autoCommit = autoCommit;
            try {
                this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the statement capture " + file, e);
            }
        }

        void roundTrip(String sql) {
            boolean begin = !autoCommit && !inTransaction;
            write((begin ? "BEGIN \\; " : "") + sql + ";\n");
            inTransaction = !autoCommit;
            roundTrips++;
            // The statements of a multi-statement request count one each, a multi-row INSERT once.
            statements += sql.split(" \\\\;", -1).length;
        }

        void end(String command) {
            if (inTransaction) {
                write(command + ";\n");
                inTransaction = false;
                roundTrips++;
                statements++;
                commits++;
            }
        }

        void autoCommit(boolean on) {
            if (on && !autoCommit) {
                end("COMMIT");
            }
            autoCommit = on;
        }

        private void write(String s) {
            try {
                out.write(s);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the statement capture " + file, e);
            }
        }

        void close() {
            // A transaction the pool rolls back on close leaves no open block in the script.
            end("ROLLBACK");
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the statement capture " + file, e);
            }
        }
    }

    private final Path dir;
    private final List<Stream> streams = new CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger numbers = new java.util.concurrent.atomic.AtomicInteger();
    private volatile boolean closed;

    /** Captures into {@code dir} (created when missing; files conn-NNN.sql). */
    public StatementCapture(Path dir) {
        this.dir = dir;
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the statement capture folder " + dir, e);
        }
    }

    /** {@code c} with every statement it sends recorded in a new file. */
    public Connection wrap(Connection c) throws SQLException {
        if (closed) {
            throw new IllegalStateException("statement capture " + dir + " is closed");
        }
        Stream s = new Stream(dir.resolve(String.format(Locale.ROOT, "conn-%03d.sql", numbers.getAndIncrement())),
                c.getAutoCommit());
        streams.add(s);
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                new CapturingHandlers.OnConnection(c, s));
    }

    /** A data source whose connections come from {@code connect} and are captured. */
    DataSource dataSource(CapturingHandlers.Connector connect) {
        return new DataSource() {
            @Override
            public Connection getConnection() throws SQLException {
                return wrap(connect.connect());
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
        };
    }

    /** Closes every file (a transaction still open is closed by a ROLLBACK line). Call after the pools closed. */
    @Override
    public void close() {
        closed = true;
        streams.forEach(Stream::close);
    }

    /** Files of connections that sent at least one round trip, in the order the connections opened. */
    public List<Path> files() {
        List<Path> out = new ArrayList<>();
        List<Stream> opened = new ArrayList<>(streams);
        opened.sort(java.util.Comparator.comparing(s -> s.file));
        for (Stream s : opened) {
            if (s.roundTrips > 0) {
                out.add(s.file);
            }
        }
        return out;
    }

    /** Round trips recorded on all connections (statements, batches, COMMITs and ROLLBACKs). */
    public long roundTrips() {
        return streams.stream().mapToLong(s -> s.roundTrips).sum();
    }

    /** Statements recorded (those of a multi-statement request one each, a batch once, COMMIT/ROLLBACK included). */
    public long statements() {
        return streams.stream().mapToLong(s -> s.statements).sum();
    }

    /** Transactions ended (COMMIT or ROLLBACK) on all connections. */
    public long transactions() {
        return streams.stream().mapToLong(s -> s.commits).sum();
    }
}
