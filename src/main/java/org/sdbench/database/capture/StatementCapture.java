package org.sdbench.database.capture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.sdbench.database.ConnectionInterceptor;
import org.sdbench.database.OrderMarks;
import org.sdbench.protocol.ChildStartup;

/**
 * Records every statement that pooled connections send, one file per physical connection, in
 * pgbench's script syntax: one line per round trip ({@code \;} joins the statements of a batch
 * or a multi-statement request, and a transaction's implicit BEGIN rides on its first statement
 * as pgjdbc's does), COMMIT and ROLLBACK where the connection ended a transaction. Only
 * statements that succeeded are written. {@code bench replay} turns the files into one pgbench
 * client each.
 *
 * <p>Each statement is written in one of two forms ({@link Protocol}): with its parameters
 * inlined as typed literals, which the server parses and plans at every execution, or as
 * {@code EXECUTE sHASH(…)} of a statement prepared once per session with the parameter types pgjdbc
 * declared ({@link #preparedStatements()}), which is the server work of pgjdbc's named
 * server-side statements.
 */
public final class StatementCapture implements ConnectionInterceptor, AutoCloseable {

    /** How a statement with parameters is written. */
    public enum Protocol {
        /** Parameters inlined as typed literals: the server parses and plans every execution. */
        SIMPLE,
        /**
         * {@code EXECUTE sHASH(…)} of a statement prepared (and planned, {@link Prepared#warmUp()})
         * with pgjdbc's parameter types: the server parses a short EXECUTE and runs the cached
         * plan, as for pgjdbc's named statements.
         */
        PREPARED;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** {@code simple} or {@code prepared}, as {@link #toString} spells them. */
        public static Protocol parse(String text) {
            for (Protocol p : values()) {
                if (p.toString().equals(text)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("'" + text + "': expected simple or prepared");
        }
    }

    private final Path dir;
    private final Protocol protocol;
    /**
     * Statements by parameter types and text: one prepared statement per distinct pair, as pgjdbc
     * prepares a statement again when a parameter's type changes.
     */
    private final Map<String, CapturedStatement> statements = new ConcurrentHashMap<>();

    private final AtomicInteger statementNumbers = new AtomicInteger();
    private final List<CaptureStream> streams = new CopyOnWriteArrayList<>();
    private final RunOrder order = new RunOrder();

    private final AtomicInteger numbers = new AtomicInteger();
    /** Folders of the child processes told to record there ({@link #childOptions}). */
    private final List<Path> children = new CopyOnWriteArrayList<>();

    private volatile boolean closed;

    /** Captures into {@code dir} (created when missing): files conn-NNN.sql, and at close {@link Recording#FILE}. */
    public StatementCapture(Path dir, Protocol protocol) {
        this.dir = dir;
        this.protocol = protocol;
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
        CaptureStream s = new CaptureStream(
                dir.resolve(String.format(Locale.ROOT, "conn-%03d.sql", numbers.getAndIncrement())),
                c.getAutoCommit(),
                this::render,
                order);
        streams.add(s);
        // The marks' loader sees java.sql too; the platform loader of Connection would not see the marks.
        return (Connection) Proxy.newProxyInstance(
                OrderMarks.class.getClassLoader(),
                new Class<?>[] {Connection.class, OrderMarks.class},
                new CapturingHandlers.OnConnection(c, s));
    }

    /** A data source whose connections come from {@code connect} and are captured. */
    @Override
    public DataSource dataSource(ConnectionInterceptor.Connector connect) {
        return new CapturingDataSource(() -> wrap(connect.connect()));
    }

    /** App server {@code role} records its own pools into this capture's folder {@code role}. */
    @Override
    public List<String> childOptions(String role) {
        Path d = dir.resolve(role);
        children.add(d);
        return ChildStartup.capture(d, protocol.toString());
    }

    /**
     * What this process's pools and the child processes told to record sent, joined; after
     * {@link #close} and after the children ended.
     */
    public Recording recording() {
        if (!closed) {
            throw new IllegalStateException("statement capture " + dir + " is still open");
        }
        List<Recording> parts = new ArrayList<>();
        parts.add(own());
        for (Path c : children) {
            parts.add(Recording.read(c, c.getFileName().toString()));
        }
        return Recording.join(parts);
    }

    private Recording own() {
        return new Recording(
                protocol,
                files(),
                preparedStatements(),
                roundTrips(),
                statements(),
                unnamedStatements(),
                transactions());
    }

    /**
     * Closes every file (a transaction still open is closed by a ROLLBACK line) and writes
     * {@link Recording#FILE}. Call after the pools closed.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        streams.forEach(CaptureStream::close);
        // The PREPAREs are in it, and in every replay script that executes them.
        own().write(dir);
    }

    public Protocol protocol() {
        return protocol;
    }

    /**
     * What a session runs before it executes a statement of the capture: the PREPARE, and
     * {@link #WARM_UP_PLANS} EXPLAIN EXECUTEs (one command) with the parameters of the
     * statement's first executions, each a command with its semicolon.
     */
    public record Prepared(String prepare, String warmUp) {}

    /**
     * Plannings that bring a prepared statement to where a long-lived connection has it:
     * PostgreSQL plans its first five executions with their parameters (custom plans), then
     * builds a generic plan and keeps it when it does not cost more. EXPLAIN EXECUTE plans and
     * counts like an execution and executes nothing.
     */
    public static final int WARM_UP_PLANS = 6;
    /** Every statement the files EXECUTE, by name, in the order they were first sent; empty for SIMPLE. */
    public Map<String, Prepared> preparedStatements() {
        List<CapturedStatement> all = new ArrayList<>(statements.values());
        all.sort(Comparator.comparingInt(d -> d.number));
        Map<String, Prepared> out = new LinkedHashMap<>();
        for (CapturedStatement d : all) {
            out.put(d.name(), new Prepared(d.prepare, d.warmUp()));
        }
        return out;
    }

    private String render(SqlLiterals.Execution e) {
        if (protocol == Protocol.SIMPLE) {
            return SqlLiterals.inline(e.sql(), e.params());
        }
        StringBuilder types = new StringBuilder();
        for (SqlLiterals.Param p : e.params()) {
            types.append(types.isEmpty() ? "" : ", ").append(p.type());
        }
        String text = SqlLiterals.numbered(e.sql());
        CapturedStatement d = statements.computeIfAbsent(
                types + "\n" + text,
                k -> new CapturedStatement(statementNumbers.incrementAndGet(), types.toString(), text));
        d.sample(e.params());
        return CapturedStatement.execute(d.name(), e.params());
    }

    /** Files of connections that sent at least one round trip, in the order the connections opened. */
    public List<Path> files() {
        List<Path> out = new ArrayList<>();
        List<CaptureStream> opened = new ArrayList<>(streams);
        opened.sort(Comparator.comparing(s -> s.file));
        for (CaptureStream s : opened) {
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

    /**
     * Statements recorded: those of a multi-statement request and the rows of a batch one each (the
     * server executes each), COMMIT/ROLLBACK included. sdbench's own count takes a batch as one call.
     */
    public long statements() {
        return streams.stream().mapToLong(s -> s.statements).sum();
    }

    /**
     * Statements pgjdbc sent unnamed, parsed and planned at that execution (the first few of each
     * text on a connection).
     */
    public long unnamedStatements() {
        return streams.stream().mapToLong(s -> s.unnamed).sum();
    }

    /** Transactions ended (COMMIT or ROLLBACK) on all connections. */
    public long transactions() {
        return streams.stream().mapToLong(s -> s.commits).sum();
    }
}
