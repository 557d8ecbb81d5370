package org.sdbench.database.load;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of a test's own (initdb, pg_ctl from the host's PostgreSQL binaries), under
 * target/, on a free port (or $SDBENCH_TEST_PORT): an "external" server a test may restart, stop and
 * break, which the machine's shared server must never be. Run as the postgres user when the test
 * runs as root (the server refuses root). Trust authentication on 127.0.0.1 only.
 */
public final class ThrowawayCluster implements AutoCloseable {
    private static final Path BIN_ROOT = Path.of("/usr/lib/postgresql");

    private final Path bin;
    private final Path data;
    private final int port;

    private ThrowawayCluster(Path bin, Path data, int port) {
        this.bin = bin;
        this.data = data;
        this.port = port;
    }

    /** The newest installed PostgreSQL's bin directory, if any (tests skip without one). */
    public static Optional<Path> binaries() {
        try (Stream<Path> versions = Files.list(BIN_ROOT)) {
            return versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("pg_ctl")))
                    .max(Comparator.naturalOrder());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A new cluster in {@code dir} (emptied first), started. */
    public static ThrowawayCluster start(Path bin, Path dir) throws IOException, InterruptedException {
        if (Files.exists(dir)) {
            run(List.of("rm", "-rf", dir.toString()));
        }
        Files.createDirectories(dir);
        if (root()) {
            run(List.of("chown", "postgres:postgres", dir.toString()));
        }
        int port = port();
        Path data = dir.resolve("data");
        ThrowawayCluster c = new ThrowawayCluster(bin, data, port);
        c.asServerUser(bin.resolve("initdb").toString(), "-D", data.toString(), "-A", "trust", "-U", "postgres");
        Files.writeString(
                data.resolve("postgresql.conf"),
                "port = " + port + "\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '" + dir + "'\n"
                        + "max_connections = 60\nshared_buffers = 32MB\n",
                java.nio.file.StandardOpenOption.APPEND);
        c.asServerUser(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", log(dir), "-w", "start");
        return c;
    }

    private static String log(Path dir) {
        return dir.resolve("server.log").toString();
    }

    private static int port() throws IOException {
        String fixed = System.getenv("SDBENCH_TEST_PORT");
        if (fixed != null && !fixed.isBlank()) {
            return Integer.parseInt(fixed.strip());
        }
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    public Path autoConf() {
        return data.resolve("postgresql.auto.conf");
    }

    /** The shell command that restarts it and returns once it accepts connections (or fails). */
    public String restartCommand() {
        return String.join(" ", serverUser()) + " " + bin.resolve("pg_ctl") + " -D " + data + " -l "
                + log(data.getParent()) + " -w -t 60 -m fast restart";
    }

    /** True when it accepts connections. */
    public boolean accepting() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(
                        bin.resolve("pg_isready").toString(), "-h", "127.0.0.1", "-p", Integer.toString(port))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    /** Writes the file as the server's user would (its owner stays). */
    public void writeAutoConf(String content) throws IOException {
        Files.writeString(autoConf(), content);
    }

    private List<String> serverUser() {
        return root() ? List.of("runuser", "-u", "postgres", "--") : List.of();
    }

    private void asServerUser(String... command) throws IOException, InterruptedException {
        List<String> c = new ArrayList<>(serverUser());
        c.addAll(List.of(command));
        run(c);
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
    }

    /** Stops it at once; the directory stays for a look after a failure. */
    @Override
    public void close() throws IOException {
        List<String> c = new ArrayList<>(serverUser());
        c.addAll(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "stop"));
        Process p = new ProcessBuilder(c).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        try {
            p.waitFor(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
