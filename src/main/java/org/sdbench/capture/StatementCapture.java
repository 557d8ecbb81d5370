package org.sdbench.capture;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.sdbench.db.ConnectionInterceptor;
import org.sdbench.db.StepMarks;
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

    /** What one physical connection sent, as pgbench commands. */
    final class Stream {
        private final Path file;
        private final BufferedWriter out;
        private boolean autoCommit;
        private boolean inTransaction;
        private long roundTrips;
        private long statements;
        private long unnamed;
        private long commits;
        /** Update requests the open transaction saved, released in the replay when it ends ({@link ReplayOrder}). */
        private final List<Long> saved = new ArrayList<>();
        /** The request whose VBHDR lock opened this transaction: its V1 is over once the transaction commits. */
        private String updating;
        /** What the next round trip waits for in the replay: the V1 updates whose documents the step may read. */
        private final List<Long> awaits = new ArrayList<>();
        /** The user whose dialog step runs on this connection now, or -1. */
        private int stepUser = -1;
        /** Locks this connection waited for lately: what it replays after them needs no second wait. */
        private final Set<Long> awaited = Collections.newSetFromMap(new LinkedHashMap<>(64, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
                return size() > RECENT_WAITS;
            }
        });

        Stream(Path file, boolean autoCommit) {
            this.file = file;
            this.autoCommit = autoCommit;
            try {
                this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the statement capture " + file, e);
            }
        }

        /**
         * The statements of one round trip of a prepared statement; {@code named}: pgjdbc ran them
         * as named server-side statements (else it had them parsed and planned this once).
         */
        void roundTrip(List<SqlLiterals.Execution> executions, boolean named) {
            if (!autoCommit && !inTransaction) {
                updating = ReplayOrder.lockedKey(executions.get(0));
                if (updating != null) {
                    awaits.add(ReplayOrder.saveLock(updating));
                }
            }
            for (SqlLiterals.Execution e : executions) {
                String key = ReplayOrder.savedKey(e);
                if (key != null) {
                    saved.add(ReplayOrder.saveLock(key));
                    if (stepUser >= 0) {
                        savedBy.put(key, stepUser);
                    }
                }
            }
            StringBuilder line = new StringBuilder(64 * executions.size());
            for (SqlLiterals.Execution e : executions) {
                line.append(line.isEmpty() ? "" : " \\; ").append(render(e));
            }
            send(line.toString(), executions.size());
            if (!named) {
                unnamed += executions.size();
            }
            if (autoCommit) {
                releaseSaved();
            }
        }

        /**
         * A plain Statement's SQL, written as sent in either protocol: PREPARE takes only some
         * kinds of statement, and the run's code sends none of these (pgjdbc names one that
         * recurs, as it names its COMMIT; the replay sends both as text).
         */
        void roundTrip(String sql) {
            // The statements of a multi-statement request count one each.
            long n = sql.split(" \\\\;", -1).length;
            send(sql, n);
            unnamed += n;
        }

        private void send(String sql, long n) {
            for (long lock : awaits) {
                write(ReplayOrder.await(lock) + "\n");
                awaited.add(lock);
            }
            awaits.clear();
            boolean begin = !autoCommit && !inTransaction;
            write((begin ? "BEGIN \\; " : "") + sql + ";\n");
            inTransaction = !autoCommit;
            roundTrips++;
            statements += n;
        }

        void end(String command) {
            if (inTransaction) {
                write(command + ";\n");
                inTransaction = false;
                roundTrips++;
                statements++;
                commits++;
                Integer user = updating != null && command.equals("COMMIT") ? savedBy.remove(updating) : null;
                if (user != null) {
                    long lock = ReplayOrder.v1Lock(updating);
                    saved.add(lock);
                    updatedFor(user).add(lock);
                }
                updating = null;
            }
            releaseSaved();
        }

        /**
         * A step of {@code user} begins: it may read the documents of every V1 update of the user's
         * requests that committed before now, so its first round trip waits for those commits.
         */
        void stepBegins(int user) {
            stepUser = user;
            awaits.clear();
            for (long lock : updatedFor(user).recent()) {
                waitFor(lock);
            }
        }

        /** The step waited for the V1 of {@code vbkey}: what it sends next waits for that commit. */
        void readsUpdate(String vbkey) {
            waitFor(ReplayOrder.v1Lock(vbkey));
        }

        private void waitFor(long lock) {
            if (!awaited.contains(lock) && !awaits.contains(lock)) {
                awaits.add(lock);
            }
        }

        /** The replay's order lines are not the run's round trips: they are counted by the replay that runs them. */
        private void releaseSaved() {
            for (long lock : saved) {
                write(ReplayOrder.release(lock) + "\n");
            }
            saved.clear();
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
    private final Protocol protocol;
    /**
     * Statements by parameter types and text: one prepared statement per distinct pair, as pgjdbc
     * prepares a statement again when a parameter's type changes.
     */
    private final Map<String, CapturedStatement> statements = new ConcurrentHashMap<>();

    private final AtomicInteger statementNumbers = new AtomicInteger();
    private final List<Stream> streams = new CopyOnWriteArrayList<>();
    /**
     * The user of each request saved in a step whose V1 has not committed yet: the first
     * transaction that locks the request and commits (its V1; a V2 comes after) takes it out.
     */
    private final Map<String, Integer> savedBy = new ConcurrentHashMap<>();
    /** Per user, the V1 commits of its latest requests, which its next steps wait for ({@link ReplayOrder}). */
    private final Map<Integer, UserUpdates> updates = new ConcurrentHashMap<>();

    private final AtomicInteger numbers = new AtomicInteger();
    /** Folders of the child processes told to record there ({@link #childOptions}). */
    private final List<Path> children = new CopyOnWriteArrayList<>();

    private volatile boolean closed;

    /** A user's loop saves three requests; the documents a step reads come from the last few. */
    static final int USER_UPDATES = 4;

    /** How many locks a connection remembers having waited for. */
    private static final int RECENT_WAITS = 64;

    /** The V1 locks of one user's latest committed requests. */
    private static final class UserUpdates {
        private final long[] locks = new long[USER_UPDATES];
        private int count;

        synchronized void add(long lock) {
            locks[count++ % USER_UPDATES] = lock;
        }

        synchronized long[] recent() {
            return Arrays.copyOf(locks, Math.min(count, USER_UPDATES));
        }
    }

    private UserUpdates updatedFor(int user) {
        return updates.computeIfAbsent(user, u -> new UserUpdates());
    }

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
        Stream s = new Stream(
                dir.resolve(String.format(Locale.ROOT, "conn-%03d.sql", numbers.getAndIncrement())), c.getAutoCommit());
        streams.add(s);
        // The marks' loader sees java.sql too; the platform loader of Connection would not see the marks.
        return (Connection) Proxy.newProxyInstance(
                StepMarks.class.getClassLoader(),
                new Class<?>[] {Connection.class, StepMarks.class},
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
        streams.forEach(Stream::close);
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
        List<Stream> opened = new ArrayList<>(streams);
        opened.sort(Comparator.comparing(s -> s.file));
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
