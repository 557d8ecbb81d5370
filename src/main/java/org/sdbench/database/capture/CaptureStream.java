package org.sdbench.database.capture;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What one physical connection sent, as pgbench commands ({@link StatementCapture}), with the
 * lines that order the replay's connections where the run's were ({@link ReplayOrder}).
 */
final class CaptureStream {
    /** How many locks a connection remembers having waited for. */
    private static final int RECENT_WAITS = 64;

    final Path file;
    private final BufferedWriter out;
    private boolean autoCommit;
    private boolean inTransaction;
    long roundTrips;
    long statements;
    long unnamed;
    long commits;
    /** What the open transaction's end releases in the replay: the requests it saved, the V1 it was. */
    private final List<Long> releases = new ArrayList<>();

    private final Function<SqlLiterals.Execution, String> render;
    private final RunOrder order;
    /** The request the next or open transaction works on: its V1 is over once that transaction first commits. */
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

    CaptureStream(Path file, boolean autoCommit, Function<SqlLiterals.Execution, String> render, RunOrder order) {
        this.file = file;
        this.autoCommit = autoCommit;
        this.render = render;
        this.order = order;
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
        StringBuilder line = new StringBuilder(64 * executions.size());
        for (SqlLiterals.Execution e : executions) {
            line.append(line.isEmpty() ? "" : " \\; ").append(render.apply(e));
        }
        send(line.toString(), executions.size());
        if (!named) {
            unnamed += executions.size();
        }
        if (autoCommit) {
            releaseAtEnd();
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
            if (updating != null && command.equals("COMMIT") && order.v1Committed(updating)) {
                releases.add(ReplayOrder.v1Lock(updating));
            }
            updating = null;
        }
        releaseAtEnd();
    }

    /**
     * A step of {@code user} begins: it may read the documents of every V1 update of the user's
     * requests that committed before now, so its first round trip waits for those commits.
     */
    void stepBegins(int user) {
        stepUser = user;
        awaits.clear();
        for (long lock : order.recentUpdates(user)) {
            waitFor(lock);
        }
    }

    /** The open transaction saves {@code vbkey}: its end releases the request to its update. */
    void savesUpdate(String vbkey) {
        releases.add(ReplayOrder.saveLock(vbkey));
        if (stepUser >= 0) {
            order.saved(vbkey, stepUser);
        }
    }

    /** The next transaction works on {@code vbkey}: it waits for the request's save. */
    void updateBegins(String vbkey) {
        updating = vbkey;
        waitFor(ReplayOrder.saveLock(vbkey));
    }

    /** The open transaction raises {@code instance}'s lease: its end releases the saves under the new epoch. */
    void leaseRaised(int instance) {
        releases.add(ReplayOrder.leaseLock(instance));
    }

    /** A save under {@code instance}'s lease follows: it waits for the raise the run's saves found. */
    void savesUnderLease(int instance) {
        waitFor(ReplayOrder.leaseLock(instance));
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

    /**
     * The releases of the transaction that just ended (or of an autocommit round trip). The replay's
     * order lines are not the run's round trips: the replay that runs them counts them.
     */
    private void releaseAtEnd() {
        for (long lock : releases) {
            write(ReplayOrder.release(lock) + "\n");
        }
        releases.clear();
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
