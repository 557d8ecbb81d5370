package org.sdbench.measure.environment;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * CPU affinity of Linux processes: read from /proc/PID/status, set with {@code taskset -a -p -c},
 * which sets every thread of a process (a JVM's threads each have their own mask).
 */
final class Affinity {
    private static final Path PROC = Path.of("/proc");

    private Affinity() {}

    /** The {@code taskset} executable on PATH, or null. */
    static Path taskset() {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, "taskset");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** The CPUs a process may run on (Cpus_allowed_list), or null when it is gone or not readable. */
    static TreeSet<Integer> allowed(long pid) {
        for (String l : HostProbe.lines(PROC.resolve(Long.toString(pid)).resolve("status"))) {
            if (l.startsWith("Cpus_allowed_list:")) {
                return parse(l.substring(l.indexOf(':') + 1).strip());
            }
        }
        return null;
    }

    /** A CPU list as the kernel and taskset write it ({@code 0-3,6}) as a set. */
    static TreeSet<Integer> parse(String list) {
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String part : list.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1));
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    /** The list form taskset -c takes: {@code 0,1,4}. */
    static String format(TreeSet<Integer> cpus) {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /**
     * Pins every thread of a process to {@code cpus} and reads the result back (taskset reports
     * success for a process that has just gone).
     *
     * @throws IOException with taskset's own words when the kernel refused (another user's
     *     process without CAP_SYS_NICE) or the process is gone
     */
    static void set(Path taskset, long pid, TreeSet<Integer> cpus) throws IOException {
        Process p = new ProcessBuilder(taskset.toString(), "-a", "-p", "-c", format(cpus), Long.toString(pid))
                .redirectErrorStream(true)
                .start();
        String said;
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("taskset for pid " + pid + " did not finish within 10 s");
            }
            said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted while setting the CPUs of pid " + pid);
        }
        if (p.exitValue() != 0) {
            throw new IOException(said.lines().reduce((a, b) -> b).orElse("taskset exit " + p.exitValue()));
        }
        TreeSet<Integer> now = allowed(pid);
        if (!cpus.equals(now)) {
            throw new IOException("pid " + pid
                    + (now == null
                            ? " is gone"
                            : " runs on CPUs " + format(now) + " after taskset, not " + format(cpus)));
        }
    }

    /** The process's descendants (children, their children, ...), from /proc/PID/stat's parent field. */
    static List<Long> descendants(long pid) {
        List<long[]> pairs = new ArrayList<>();
        try (Stream<Path> procs = Files.list(PROC)) {
            procs.filter(x -> x.getFileName().toString().matches("[0-9]+")).forEach(x -> {
                Long parent = parent(Long.parseLong(x.getFileName().toString()));
                if (parent != null) {
                    pairs.add(new long[] {Long.parseLong(x.getFileName().toString()), parent});
                }
            });
        } catch (IOException e) {
            return List.of();
        }
        List<Long> out = new ArrayList<>();
        List<Long> frontier = List.of(pid);
        while (!frontier.isEmpty()) {
            List<Long> next = new ArrayList<>();
            for (long[] pp : pairs) {
                if (frontier.contains(pp[1])) {
                    next.add(pp[0]);
                }
            }
            out.addAll(next);
            frontier = next;
        }
        return out;
    }

    /** The parent PID from /proc/PID/stat (the field after the parenthesised name), or null when gone. */
    static Long parent(long pid) {
        String stat = HostProbe.read(PROC.resolve(Long.toString(pid)).resolve("stat"));
        if (stat == null || stat.lastIndexOf(')') < 0) {
            return null;
        }
        String[] f = stat.substring(stat.lastIndexOf(')') + 1).strip().split("\\s+");
        return f.length > 1 ? Long.parseLong(f[1]) : null;
    }

    /** The process's name (/proc/PID/comm), or null when gone. */
    static String name(long pid) {
        return HostProbe.read(PROC.resolve(Long.toString(pid)).resolve("comm"));
    }
}
