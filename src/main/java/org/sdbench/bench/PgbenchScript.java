package org.sdbench.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
 */
final class PgbenchScript {
    /** Chunk bounds: a few seconds of parsing at most. */
    static final int MAX_LINES = 3_000;
    static final long MAX_BYTES = 3_000_000;

    /** One connection's chain of chunk scripts, in order. */
    record Chain(int connection, List<Path> scripts) {
    }

    private PgbenchScript() {
    }

    static List<Chain> write(List<Path> connections, Path dir, int gateKey, String description) {
        return write(connections, dir, gateKey, description, MAX_LINES, MAX_BYTES);
    }

    static List<Chain> write(List<Path> connections, Path dir, int gateKey, String description, int maxLines,
                             long maxBytes) {
        if (connections.isEmpty()) {
            throw new IllegalArgumentException("no connection sent any statement: nothing to replay");
        }
        List<Chain> chains = new ArrayList<>();
        for (int k = 0; k < connections.size(); k++) {
            List<List<String>> chunks = chunks(connections.get(k), maxLines, maxBytes);
            List<Path> scripts = new ArrayList<>();
            for (int j = 0; j < chunks.size(); j++) {
                Path script = dir.resolve(String.format(Locale.ROOT, "replay-%03d-%04d.sql", k, j));
                try (BufferedWriter out = Files.newBufferedWriter(script, StandardCharsets.UTF_8)) {
                    out.write("-- " + description.replace("\n", "\n-- ") + "; connection " + k + ", part " + (j + 1)
                            + " of " + chunks.size() + "\n");
                    if (j + 1 < chunks.size()) {
                        out.write("SELECT pg_advisory_lock(" + gateKey + ", " + lockId(k, j + 1) + ");\n");
                    }
                    out.write("SELECT pg_advisory_xact_lock_shared(" + gateKey + ", 0);\n");
                    if (j > 0) {
                        out.write("SELECT pg_advisory_xact_lock_shared(" + gateKey + ", " + lockId(k, j) + ");\n");
                    }
                    for (String line : chunks.get(j)) {
                        out.write(line);
                        out.write('\n');
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write the pgbench script " + script, e);
                }
                scripts.add(script);
            }
            chains.add(new Chain(k, scripts));
        }
        return chains;
    }

    /** The lock that part {@code j} of connection {@code k} waits for (its predecessor holds it). */
    private static int lockId(int k, int j) {
        return 1 + k * 100_000 + j;
    }

    /** A capture file's lines, cut after a COMMIT or ROLLBACK once a chunk reached a bound. */
    private static List<List<String>> chunks(Path capture, int maxLines, long maxBytes) {
        List<List<String>> out = new ArrayList<>();
        List<String> current = new ArrayList<>();
        long bytes = 0;
        try (BufferedReader in = Files.newBufferedReader(capture, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                current.add(line);
                bytes += line.length() + 1;
                boolean end = line.equals("COMMIT;") || line.equals("ROLLBACK;");
                if (end && (current.size() >= maxLines || bytes >= maxBytes)) {
                    out.add(current);
                    current = new ArrayList<>();
                    bytes = 0;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the statement capture " + capture, e);
        }
        if (!current.isEmpty()) {
            out.add(current);
        }
        return out;
    }
}
