package org.sdbench.database;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.sdbench.config.Numbers;
import org.sdbench.config.SmallFile;
import org.sdbench.core.EnvironmentException;

/**
 * The embedded server's port. Unless {@code database.embeddedPort} names one, each data directory
 * (one per $SDBENCH_HOME) gets a free port the first time and keeps it in a file beside it, so two
 * homes on one host never meet on the same port and {@code psql -p} keeps working. Before the server
 * starts, the port is tried: a port in use is refused at once, naming the process that holds it
 * where the OS says (/proc/net/tcp and the processes' socket links), instead of the library waiting
 * a minute for a server that is another one.
 */
final class EmbeddedPort {
    private EmbeddedPort() {}

    /** Where the port picked for {@code dataDir} is kept. */
    static Path record(Path dataDir) {
        return dataDir.resolveSibling(dataDir.getFileName() + ".port");
    }

    /** {@code configured} when set (1-65535), else the data directory's recorded port, picked now the first time. */
    static int of(Path dataDir, int configured) throws IOException {
        if (configured > 0) {
            return configured;
        }
        Path file = record(dataDir);
        if (!Files.exists(file)) {
            int free;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                free = s.getLocalPort();
            }
            Files.createDirectories(file.getParent());
            Path written =
                    Files.createTempFile(file.getParent(), file.getFileName().toString(), ".new");
            try {
                Files.writeString(written, free + "\n", StandardCharsets.US_ASCII);
                // A link appears whole or not at all: a concurrent sdbench never reads half a number.
                Files.createLink(file, written);
            } catch (FileAlreadyExistsException e) {
                // Another sdbench of this home picked one first: theirs is the home's port.
            } finally {
                Files.deleteIfExists(written);
            }
        }
        String text = SmallFile.read("the embedded server's port file " + file, file, 16)
                .strip();
        if (!Numbers.isWhole(text)
                || text.length() > 5
                || Integer.parseInt(text) < 1
                || Integer.parseInt(text) > 65535) {
            throw new EnvironmentException("the embedded server's port file " + file + " holds '" + text
                    + "', not a TCP port: delete it (a free port is picked again) or set database.embeddedPort");
        }
        return Integer.parseInt(text);
    }

    /** Refuses a port something already listens on, naming who (and whether it is this data directory's own server). */
    static void requireFree(Path dataDir, int port, boolean configured) {
        try (ServerSocket s = new ServerSocket()) {
            // As PostgreSQL binds: connections of a server just stopped (TIME_WAIT) do not hold the port.
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return;
        } catch (IOException inUse) {
            // said below, with the holder
        }
        String how = configured
                ? "set database.embeddedPort to a free port"
                : "it was picked for this home and kept in " + record(dataDir)
                        + ": delete that file to pick another, or set database.embeddedPort";
        List<Long> holders = holders(port);
        long own = postmaster(dataDir);
        if (own > 0 && holders.contains(own)) {
            throw new EnvironmentException("the embedded PostgreSQL of " + dataDir + " is already running (pid " + own
                    + ", port " + port + "): another sdbench command of this home is using it; let it finish");
        }
        throw new EnvironmentException("cannot start the embedded PostgreSQL on port " + port + " of 127.0.0.1: "
                + "the port is in use by " + describe(holders, port) + "; " + how);
    }

    /** The data directory's server process as its postmaster.pid says, or 0. */
    private static long postmaster(Path dataDir) {
        try {
            String first = SmallFile.read("postmaster.pid", dataDir.resolve("postmaster.pid"), 4096)
                    .lines()
                    .findFirst()
                    .orElse("")
                    .strip();
            return Numbers.isWhole(first) ? Long.parseLong(first) : 0;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private static String describe(List<Long> pids, int port) {
        if (pids.isEmpty()) {
            return "a process this user cannot see (ask 'ss -ltnp sport = :" + port + "' as root)";
        }
        List<String> out = new ArrayList<>();
        for (long pid : pids) {
            out.add("pid " + pid + " (" + command(pid) + ")");
        }
        return String.join(", ", out);
    }

    /**
     * The program, and the data directory of a PostgreSQL server (which home's server it is); not the
     * whole command line, which may carry another program's secrets.
     */
    private static String command(long pid) {
        var info = ProcessHandle.of(pid).map(ProcessHandle::info);
        String program = info.flatMap(ProcessHandle.Info::command).orElse("program unknown");
        String[] args = info.flatMap(ProcessHandle.Info::arguments).orElse(new String[0]);
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("-D")) {
                program += " -D " + args[i + 1];
            }
        }
        return program.replaceAll("\\p{Cntrl}", "?");
    }

    /**
     * The processes with a socket listening on {@code port} (any local address), from the kernel's
     * tables: the socket's inode in /proc/net/tcp and tcp6, then whose /proc/PID/fd links to it. Only
     * this user's processes can be looked into; none when /proc is not there.
     */
    static List<Long> holders(int port) {
        List<String> inodes = new ArrayList<>();
        String suffix = String.format(Locale.ROOT, ":%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try (Stream<String> lines = Files.lines(Path.of(table))) {
                lines.skip(1).map(String::strip).map(l -> l.split("\\s+")).forEach(f -> {
                    // local_address rem_address st ... inode: a listener is state 0A
                    if (f.length > 9 && f[1].endsWith(suffix) && f[3].equals("0A")) {
                        inodes.add("socket:[" + f[9] + "]");
                    }
                });
            } catch (IOException | RuntimeException e) {
                // not Linux, or not readable: the holder stays unknown
            }
        }
        List<Long> pids = new ArrayList<>();
        if (inodes.isEmpty()) {
            return pids;
        }
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            procs.filter(p -> Numbers.isWhole(p.getFileName().toString())).forEach(p -> {
                try (Stream<Path> fds = Files.list(p.resolve("fd"))) {
                    if (fds.anyMatch(fd -> linksTo(fd, inodes))) {
                        pids.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException e) {
                    // another user's process, or one that just ended
                }
            });
        } catch (IOException e) {
            // no /proc
        }
        return pids;
    }

    private static boolean linksTo(Path fd, List<String> inodes) {
        try {
            return inodes.contains(Files.readSymbolicLink(fd).toString());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
