package org.sdbench.apptier.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.sdbench.apptier.TierTimeouts;
import org.sdbench.core.EnvironmentException;
import org.sdbench.protocol.ChildStartup;
import org.sdbench.protocol.wire.Token;

/**
 * The central services and app-server processes a three-tier run starts on this machine. Each
 * child watches its standard input: when this process ends, however it ends, the pipe closes and
 * the child stops, so none outlives the run. {@link #close} ends them in order and waits for them.
 */
final class ChildProcesses implements AutoCloseable {
    /** A started child and the port its 'ready' line named. */
    record Child(String name, Process process, int port, Path log) {}

    private static final Path SETSID = Path.of("/usr/bin/setsid");
    private final Path folder;
    private final List<Child> children = new ArrayList<>();
    /** Fresh per run, handed to the children in their environment only: never argv, a log or the run folder. */
    private final Token token = Token.random();

    ChildProcesses(Path folder) {
        this.folder = folder;
    }

    /** The token this run's children and only they know. */
    Token token() {
        return token;
    }

    /**
     * The heap and collector of every child, the launcher's defaults ({@code ./sdbench} without
     * {@code SDBENCH_JVM_OPTS}): G1 costs less CPU per step than ZGC and keeps its young pauses short.
     */
    static final List<String> JVM_OPTIONS = List.of("-Xmx1g", "-XX:+UseG1GC");

    /**
     * Starts {@code sdbench <args>} ({@link ChildStartup}) on this JVM's runtime and class path,
     * secrets in its environment only, and waits (bounded) for its 'ready' line.
     */
    Child start(String name, List<String> args, Map<String, String> env) throws InterruptedException {
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            // A session (and process group) of its own: the terminal's Ctrl-C reaches only the run, which
            // then harvests, has the app servers drain and ends central services last.
            cmd.add(SETSID.toString());
        }
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_OPTIONS);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(ChildStartup.MAIN_CLASS);
        cmd.addAll(args);
        Path log = folder.resolve(name + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        pb.environment().put(Token.ENVIRONMENT, token.forEnvironment());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new EnvironmentException("cannot start " + name + ": " + e.getMessage());
        }
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        Thread.ofVirtual().name("out-" + name).start(() -> pump(p, log, ready));
        try {
            int port = ready.get(TierTimeouts.CHILD_READY.toSeconds(), TimeUnit.SECONDS);
            Child c = new Child(name, p, port, log);
            children.add(c);
            return c;
        } catch (TimeoutException | ExecutionException e) {
            p.destroyForcibly();
            String last = lastLine(log);
            String what = e instanceof TimeoutException
                    ? " did not start within " + TierTimeouts.CHILD_READY.toSeconds() + " s"
                    : " ended before it was ready";
            throw new EnvironmentException(name + what + (last.isEmpty() ? "" : ": " + last) + " (log: " + log + ")");
        }
    }

    private static void pump(Process p, Path log, CompletableFuture<Integer> ready) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                OptionalInt port = ready.isDone() ? OptionalInt.empty() : ChildStartup.readyPort(line);
                if (port.isPresent()) {
                    ready.complete(port.getAsInt());
                }
                Files.writeString(
                        log, line + System.lineSeparator(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            ready.completeExceptionally(e);
        }
        ready.completeExceptionally(new IOException("ended before it was ready"));
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** Ends app servers first, central services last: stdin closed, then a bounded wait, then kill. */
    @Override
    public void close() {
        List<Child> reversed = new ArrayList<>(children);
        Collections.reverse(reversed);
        for (Child c : reversed) {
            try {
                OutputStream in = c.process().getOutputStream();
                in.close();
            } catch (IOException e) {
                // Already gone: nothing to close.
            }
        }
        for (Child c : reversed) {
            try {
                if (!c.process().waitFor(TierTimeouts.CHILD_EXIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    c.process().destroyForcibly().waitFor(TierTimeouts.CHILD_KILLED.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                c.process().destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
