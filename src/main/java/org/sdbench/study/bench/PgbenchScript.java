package org.sdbench.study.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.capture.ReplayOrder;
import org.sdbench.database.capture.StatementCapture;

/**
 * The pgbench scripts of a replay. Each recorded connection's statements, in their order and
 * transactions, are cut at transaction ends into chunks, one script and one {@code pgbench -c 1
 * -t 1} each: pgbench 15 finds each command's line number by scanning its script from the start,
 * so parsing grows with the square of a script's size, and a whole connection's script can take
 * many minutes to parse. The chunks of one connection run one after the other through advisory
 * locks (two-key form, first key {@code gateKey}): every script first takes the lock its successor
 * waits for (released when its session ends), then waits for the start gate (second key 0), which
 * the replay holds until every pgbench has parsed its script and connected, then for its
 * predecessor's lock. So the replay keeps one connection per recorded connection busy at a time.
 * Across connections, a part also takes, before the gate, each lock whose event it replays (a save,
 * a V1 update) when another connection waits for that event, and lets go of it there ({@link
 * ReplayOrder}, {@link OrderEdges}); each such line rides on the round trip beside it.
 * Every part holds a connection from the start, so when the parts would outnumber the
 * connections the server has free, the chunks grow (and parse longer) until they fit.
 *
 * <p>A capture in the prepared form ({@code EXECUTE sHASH(…)}) gets, in each part, the PREPARE of
 * every statement the part executes and its warm-up (EXPLAIN EXECUTEs that plan it as its first
 * executions would), before the start gate. A part is a session of its own and starts with no
 * prepared statement; pgjdbc's long-lived connection prepared and planned each statement once
 * early in the run. Neither is timed, so the replay's sessions start where pgjdbc's were after
 * their first few executions, which a long run amortises.
 */
final class PgbenchScript {
    /** Chunk bounds: pgbench parses a chunk within a second or so (its time grows with lines x bytes). */
    static final Bounds BOUNDS = new Bounds(3_000, 3_000_000);

    /** An EXECUTE where a command or a statement of a multi-statement command starts. */
    private static final Pattern EXECUTE = Pattern.compile("(?:^|\\\\; )EXECUTE (s[0-9a-f]+)\\b");

    /** A chunk ends at the first transaction end after it reached {@code lines} lines or {@code bytes} bytes. */
    record Bounds(int lines, long bytes) {
        Bounds scaled(double f) {
            return new Bounds((int) Math.min(Integer.MAX_VALUE, Math.ceil(lines * f)), (long) Math.ceil(bytes * f));
        }
    }

    /**
     * One connection's chain of chunk scripts, in order.
     *
     * @param prepares PREPAREs in its parts (before the start gate)
     * @param executions EXECUTEs in its parts
     * @param orderings lines of its parts that order it after other connections ({@link ReplayOrder})
     * @param orderTrips round trips those lines add: each rides on the round trip next to it where there is one
     * @param holds locks its parts take before the start and hold until the event they stand for is over
     */
    record Chain(
            int connection,
            List<Path> scripts,
            long prepares,
            long executions,
            long orderings,
            long orderTrips,
            long holds) {}

    /** Where a capture file may be cut: each line's size, and which lines end a transaction. */
    private record Layout(Path file, int[] sizes, BitSet ends) {
        /** Lines per chunk under {@code b}. */
        List<Integer> cut(Bounds b) {
            List<Integer> out = new ArrayList<>();
            int lines = 0;
            long bytes = 0;
            for (int i = 0; i < sizes.length; i++) {
                lines++;
                bytes += sizes[i];
                if (ends.get(i) && (lines >= b.lines() || bytes >= b.bytes())) {
                    out.add(lines);
                    lines = 0;
                    bytes = 0;
                }
            }
            if (lines > 0) {
                out.add(lines);
            }
            return out;
        }
    }

    private PgbenchScript() {}

    /**
     * @param prepares set-up of each statement by name, for a capture in the prepared form (empty for plain SQL)
     * @param bounds how long a part may grow ({@link #BOUNDS} for a replay)
     * @param maxParts the connections the replay may hold at once
     */
    static List<Chain> write(
            List<Path> connections,
            Map<String, StatementCapture.Prepared> prepares,
            Path dir,
            int gateKey,
            String description,
            Bounds bounds,
            int maxParts) {
        if (connections.isEmpty()) {
            throw new IllegalArgumentException("no connection sent any statement: nothing to replay");
        }
        if (maxParts < connections.size()) {
            throw new EnvironmentException("the replay needs at least " + connections.size()
                    + " connections at once (one per recorded connection) and the server has " + maxParts
                    + " free (max_connections)");
        }
        OrderEdges edges = new OrderEdges();
        List<Layout> layouts = new ArrayList<>();
        for (int k = 0; k < connections.size(); k++) {
            layouts.add(layout(connections.get(k), k, edges));
        }
        Bounds b = bounds;
        List<List<Integer>> cuts = cuts(layouts, b);
        // Each growth step cuts fewer chunks; one chunk per connection always fits.
        while (cuts.stream().mapToInt(List::size).sum() > maxParts) {
            b = b.scaled(1.25);
            cuts = cuts(layouts, b);
        }
        List<Chain> chains = new ArrayList<>();
        Set<String> released = new HashSet<>();
        for (int k = 0; k < layouts.size(); k++) {
            chains.add(
                    write(k, layouts.get(k).file(), cuts.get(k), prepares, dir, gateKey, description, edges, released));
        }
        return chains;
    }

    private static List<List<Integer>> cuts(List<Layout> layouts, Bounds b) {
        return layouts.stream().map(l -> l.cut(b)).toList();
    }

    private static Chain write(
            int k,
            Path capture,
            List<Integer> chunks,
            Map<String, StatementCapture.Prepared> prepares,
            Path dir,
            int gateKey,
            String description,
            OrderEdges edges,
            Set<String> released) {
        List<Path> scripts = new ArrayList<>();
        long prepared = 0;
        long executions = 0;
        long orderings = 0;
        long orderTrips = 0;
        long holds = 0;
        try (BufferedReader in = Files.newBufferedReader(capture, StandardCharsets.UTF_8)) {
            for (int j = 0; j < chunks.size(); j++) {
                List<String> lines = new ArrayList<>(chunks.get(j));
                List<String> acquires = new ArrayList<>();
                for (int i = 0; i < chunks.get(j); i++) {
                    String line = in.readLine();
                    if (ReplayOrder.isRelease(line)) {
                        // A request saved again (a retried step) is held by the part that saved it first.
                        if (!edges.keepsRelease(k, line) || !released.add(line)) {
                            continue;
                        }
                        acquires.add(ReplayOrder.acquire(line));
                        orderings++;
                        holds++;
                    } else if (ReplayOrder.isAwait(line)) {
                        if (!edges.keepsAwait(k, line)) {
                            continue;
                        }
                        orderings++;
                    }
                    lines.add(line);
                }
                lines = fold(lines);
                orderTrips += lines.stream()
                        .filter(l -> ReplayOrder.isAwait(l) || ReplayOrder.isRelease(l))
                        .count();
                Map<String, Integer> used = prepares.isEmpty() ? Map.of() : executions(lines, prepares);
                for (int n : used.values()) {
                    executions += n;
                }
                prepared += used.size();
                Path script = dir.resolve(String.format(Locale.ROOT, "replay-%03d-%04d.sql", k, j));
                try (BufferedWriter out = Files.newBufferedWriter(script, StandardCharsets.UTF_8)) {
                    out.write("-- " + description.replace("\n", "\n-- ") + "; connection " + k + ", part " + (j + 1)
                            + " of " + chunks.size() + "\n");
                    if (j + 1 < chunks.size()) {
                        out.write("SELECT pg_advisory_lock(" + gateKey + ", " + lockId(k, j + 1) + ");\n");
                    }
                    for (String a : acquires) {
                        out.write(a);
                        out.write('\n');
                    }
                    for (String name : used.keySet()) {
                        StatementCapture.Prepared p = prepares.get(name);
                        out.write(p.prepare());
                        out.write('\n');
                        out.write(p.warmUp());
                        out.write('\n');
                    }
                    out.write("SELECT pg_advisory_xact_lock_shared(" + gateKey + ", 0);\n");
                    if (j > 0) {
                        out.write("SELECT pg_advisory_xact_lock_shared(" + gateKey + ", " + lockId(k, j) + ");\n");
                    }
                    for (String line : lines) {
                        out.write(line);
                        out.write('\n');
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write the pgbench script " + script, e);
                }
                scripts.add(script);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the statement capture " + capture, e);
        }
        return new Chain(k, scripts, prepared, executions, orderings, orderTrips, holds);
    }

    /**
     * The part's lines with each order line joined to its neighbouring round trip, so ordering
     * the replay costs its clients no round trip of their own: a wait goes in front of the command
     * after it, a release behind the command before it (a COMMIT, or a step's last read). A wait
     * joined to a transaction's BEGIN holds its lock in shared mode until that transaction ends,
     * which keeps out nobody: the lock's one exclusive holder took it before the start. An order
     * line with no neighbour in the part stays a command of its own.
     */
    static List<String> fold(List<String> lines) {
        List<String> out = new ArrayList<>(lines.size());
        StringBuilder waits = new StringBuilder();
        boolean lastIsCommand = false;
        for (String line : lines) {
            if (ReplayOrder.isAwait(line)) {
                waits.append(command(line)).append(" \\; ");
            } else if (ReplayOrder.isRelease(line) && lastIsCommand && waits.isEmpty()) {
                int last = out.size() - 1;
                out.set(last, command(out.get(last)) + " \\; " + line);
            } else if (ReplayOrder.isRelease(line)) {
                flush(waits, out);
                out.add(line);
                lastIsCommand = false;
            } else {
                out.add(waits + line);
                waits.setLength(0);
                lastIsCommand = true;
            }
        }
        flush(waits, out);
        return out;
    }

    /** Waits with no command after them in the part: one command each. */
    private static void flush(StringBuilder waits, List<String> out) {
        for (String w : waits.toString().split(" \\\\; ")) {
            if (!w.isEmpty()) {
                out.add(w + ";");
            }
        }
        waits.setLength(0);
    }

    /** A command's line without its closing semicolon. */
    private static String command(String line) {
        return line.endsWith(";") ? line.substring(0, line.length() - 1) : line;
    }

    /** How often each of the prepared statements is executed in {@code lines}, in the order of first use. */
    private static Map<String, Integer> executions(
            List<String> lines, Map<String, StatementCapture.Prepared> prepares) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = EXECUTE.matcher(line);
            while (m.find()) {
                // A parameter's text could spell an EXECUTE; only the capture's statements count.
                if (prepares.containsKey(m.group(1))) {
                    out.merge(m.group(1), 1, Integer::sum);
                }
            }
        }
        return out;
    }

    /** The lock that part {@code j} of connection {@code k} waits for (its predecessor holds it). */
    private static int lockId(int k, int j) {
        return 1 + k * 100_000 + j;
    }

    private static Layout layout(Path capture, int k, OrderEdges edges) {
        List<Integer> sizes = new ArrayList<>();
        BitSet ends = new BitSet();
        try (BufferedReader in = Files.newBufferedReader(capture, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                int i = sizes.size();
                edges.note(k, line);
                if (line.equals("COMMIT;") || line.equals("ROLLBACK;")) {
                    ends.set(i);
                } else if (ReplayOrder.isRelease(line) && i > 0 && ends.get(i - 1)) {
                    // A transaction's releases belong to its end: a part cut between them would hold its lock.
                    ends.clear(i - 1);
                    ends.set(i);
                }
                sizes.add(line.length() + 1);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the statement capture " + capture, e);
        }
        return new Layout(capture, sizes.stream().mapToInt(Integer::intValue).toArray(), ends);
    }
}
