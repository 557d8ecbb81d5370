package org.sdbench.study.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.sdbench.measure.environment.CpuSampler;

/** Lists /proc entries: the JVM's own threads, and the PostgreSQL processes of this host. */
final class Processes {
    private static final Path PROC = Path.of("/proc");

    private Processes() {}

    /** Every native thread of this JVM by thread id. */
    static Map<Long, ProcStat> ownThreads() {
        Map<Long, ProcStat> out = new HashMap<>();
        forEachNumeric(
                PROC.resolve("self/task"),
                (id, dir) -> ProcStat.read(dir.resolve("stat")).ifPresent(s -> out.put(id, s)));
        return out;
    }

    /**
     * The JIT compiler threads of this JVM's descendant processes (a three-tier bench's app servers
     * and central services) by thread id; empty when it started none.
     */
    static Map<Long, ProcStat> childCompilerThreads() {
        Map<Long, ProcStat> out = new HashMap<>();
        ProcessHandle.current()
                .descendants()
                .forEach(child -> forEachNumeric(
                        PROC.resolve(Long.toString(child.pid())).resolve("task"),
                        (id, dir) -> ProcStat.read(dir.resolve("stat"))
                                .filter(s -> ThreadGroups.of(s.name()).equals(ThreadGroups.JIT))
                                .ifPresent(s -> out.put(id, s))));
        return out;
    }

    /** Every process named postgres (server, background workers, backends) by pid. */
    static Map<Long, ProcStat> postgres() {
        Map<Long, ProcStat> out = new HashMap<>();
        forEachNumeric(PROC, (pid, dir) -> {
            Optional<ProcStat> s = ProcStat.read(dir.resolve("stat"));
            if (s.isPresent() && s.get().name().equals("postgres")) {
                out.put(pid, s.get());
            }
        });
        return out;
    }

    /**
     * Whether a postgres process is a backend connected to database {@code db}: backends set their
     * title to "postgres: [cluster: ]user database host(port) activity".
     */
    static boolean servesDatabase(long pid, String db) {
        return servesDatabase(commandLine(pid), db);
    }

    static boolean servesDatabase(String title, String db) {
        return CpuSampler.servesTitle(title, db);
    }

    private static String commandLine(long pid) {
        try {
            byte[] b = Files.readAllBytes(PROC.resolve(Long.toString(pid)).resolve("cmdline"));
            return new String(b, StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            // The backend ended meanwhile; it no longer serves anything.
            return "";
        }
    }

    private interface EntryVisitor {
        void visit(long id, Path dir);
    }

    private static void forEachNumeric(Path parent, EntryVisitor v) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(parent)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (!n.isEmpty() && n.chars().allMatch(Character::isDigit)) {
                    v.visit(Long.parseLong(n), p);
                }
            }
        } catch (IOException e) {
            // No /proc (not Linux): the per-thread and DB-side figures stay empty and are reported so.
        }
    }
}
