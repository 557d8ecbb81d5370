package org.sdbench.database.capture;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.core.EnvironmentException;

/**
 * What a statement capture recorded once its pools closed: the connection files to replay, the
 * statements they EXECUTE, and the counts. Each capture writes it beside its files ({@link #FILE}),
 * so that the process that replays reads what its child processes recorded and joins it with its own.
 *
 * @param files connections that sent at least one round trip, in the order they opened
 * @param prepared every statement the files EXECUTE, by name (empty for {@code SIMPLE})
 * @param roundTrips statements, batches, COMMITs and ROLLBACKs, one each
 * @param statements those of a multi-statement request one each, a batch once, COMMIT and ROLLBACK included
 * @param unnamed statements pgjdbc sent unnamed, parsed and planned at that execution
 * @param transactions transactions ended (COMMIT or ROLLBACK)
 */
public record Recording(
        StatementCapture.Protocol protocol,
        List<Path> files,
        Map<String, StatementCapture.Prepared> prepared,
        long roundTrips,
        long statements,
        long unnamed,
        long transactions) {
    /** The file a capture writes beside its connection files. */
    public static final String FILE = "recording.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    public Recording {
        files = List.copyOf(files);
        prepared = Collections.unmodifiableMap(new LinkedHashMap<>(prepared));
    }

    /**
     * One recording of several processes' captures of the same run. A statement's name follows
     * from its text and parameter types, so the processes name a statement alike.
     */
    public static Recording join(List<Recording> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("no recording to join");
        }
        StatementCapture.Protocol protocol = parts.get(0).protocol();
        List<Path> files = new ArrayList<>();
        Map<String, StatementCapture.Prepared> prepared = new LinkedHashMap<>();
        long roundTrips = 0;
        long statements = 0;
        long unnamed = 0;
        long transactions = 0;
        for (Recording r : parts) {
            if (r.protocol() != protocol) {
                throw new IllegalArgumentException(
                        "recordings in two protocols, " + protocol + " and " + r.protocol() + ", cannot be joined");
            }
            files.addAll(r.files());
            for (var e : r.prepared().entrySet()) {
                StatementCapture.Prepared known = prepared.putIfAbsent(e.getKey(), e.getValue());
                if (known != null && !known.prepare().equals(e.getValue().prepare())) {
                    throw new IllegalStateException("two statements are both named " + e.getKey() + ": "
                            + known.prepare() + " and " + e.getValue().prepare());
                }
            }
            roundTrips += r.roundTrips();
            statements += r.statements();
            unnamed += r.unnamed();
            transactions += r.transactions();
        }
        return new Recording(protocol, files, prepared, roundTrips, statements, unnamed, transactions);
    }

    /** Writes {@link #FILE} into {@code dir}, which holds the connection files. */
    void write(Path dir) {
        List<Statement> statementList = prepared.entrySet().stream()
                .map(e -> new Statement(
                        e.getKey(), e.getValue().prepare(), e.getValue().warmUp()))
                .toList();
        Stored s = new Stored(
                protocol.toString(),
                files.stream().map(f -> dir.relativize(f).toString()).toList(),
                statementList,
                roundTrips,
                statements,
                unnamed,
                transactions);
        Path file = dir.resolve(FILE);
        try {
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), s);
        } catch (IOException e) {
            throw new EnvironmentException("cannot write the statement capture " + file + ": " + e.getMessage());
        }
    }

    /**
     * The recording a capture left in {@code dir}; {@code whose} names the process in the message
     * when there is none (it did not end cleanly).
     */
    public static Recording read(Path dir, String whose) {
        Path file = dir.resolve(FILE);
        Stored s;
        try {
            s = JSON.readValue(Files.readString(file), Stored.class);
        } catch (NoSuchFileException e) {
            throw new EnvironmentException(whose + " left no statement capture (" + file
                    + " is missing): it did not end cleanly, see its log in the bench's work folder");
        } catch (JacksonException e) {
            throw new EnvironmentException(
                    "the statement capture " + file + " of " + whose + " is not readable: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new EnvironmentException(
                    "cannot read the statement capture " + file + " of " + whose + ": " + e.getMessage());
        }
        Map<String, StatementCapture.Prepared> prepared = new LinkedHashMap<>();
        for (Statement st : s.prepared()) {
            prepared.put(st.name(), new StatementCapture.Prepared(st.prepare(), st.warmUp()));
        }
        List<Path> files = new ArrayList<>();
        for (String f : s.files()) {
            Path p = dir.resolve(f).normalize();
            if (!p.getParent().equals(dir.normalize())) {
                throw new EnvironmentException(
                        "the statement capture " + file + " of " + whose + " names a file outside its folder: " + f);
            }
            files.add(p);
        }
        return new Recording(
                StatementCapture.Protocol.parse(s.protocol()),
                files,
                prepared,
                s.roundTrips(),
                s.statements(),
                s.unnamed(),
                s.transactions());
    }

    /** The file's form: file names relative to its folder. */
    private record Stored(
            String protocol,
            List<String> files,
            List<Statement> prepared,
            long roundTrips,
            long statements,
            long unnamed,
            long transactions) {}

    private record Statement(String name, String prepare, String warmUp) {}
}
