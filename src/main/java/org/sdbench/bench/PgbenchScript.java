package org.sdbench.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The pgbench scripts of a replay, one per recorded connection: what that connection sent, in its
 * order and transactions, after a start gate. Each runs in its own {@code pgbench -c 1 -t 1}: one
 * script for all clients (with {@code \if :client_id} branches) would be simpler, but pgbench 15
 * finds each command's line number by scanning the script from its start, so parsing grows with
 * the square of the script's size and a whole run's script takes minutes to parse.
 */
final class PgbenchScript {
    private PgbenchScript() {
    }

    /**
     * Writes replay-NNN.sql into {@code dir} for each capture file. The first command waits for
     * the shared advisory lock {@code gateKey}, which the replay holds exclusively until every
     * pgbench has parsed its script and connected, so all clients start together.
     */
    static List<Path> write(List<Path> connections, Path dir, long gateKey, String description) {
        if (connections.isEmpty()) {
            throw new IllegalArgumentException("no connection sent any statement: nothing to replay");
        }
        List<Path> scripts = new ArrayList<>();
        for (int k = 0; k < connections.size(); k++) {
            Path script = dir.resolve(String.format(Locale.ROOT, "replay-%03d.sql", k));
            try (OutputStream out = Files.newOutputStream(script)) {
                line(out, "-- " + description.replace("\n", "\n-- ") + "; connection " + k + " of " + connections.size());
                line(out, "SELECT pg_advisory_xact_lock_shared(" + gateKey + ");");
                Files.copy(connections.get(k), out);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the pgbench script " + script, e);
            }
            scripts.add(script);
        }
        return scripts;
    }

    private static void line(OutputStream out, String s) throws IOException {
        out.write((s + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
