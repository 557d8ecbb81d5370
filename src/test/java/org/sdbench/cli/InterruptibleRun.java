package org.sdbench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * An {@code sdbench} command in a real process of its own, its output collected, that a test can
 * interrupt as Ctrl-C in a terminal would (SIGINT to the process).
 */
final class InterruptibleRun implements AutoCloseable {
    private final Process process;
    private final StringBuilder log = new StringBuilder();
    private final CompletableFuture<Void> seen = new CompletableFuture<>();

    private InterruptibleRun(Process process, Predicate<String> awaited) {
        this.process = process;
        var reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Thread.ofVirtual().start(() -> {
            try {
                for (String line; (line = reader.readLine()) != null; ) {
                    synchronized (log) {
                        log.append(line).append('\n');
                    }
                    if (awaited.test(line)) {
                        seen.complete(null);
                    }
                }
            } catch (IOException e) {
                seen.completeExceptionally(e);
            }
            seen.complete(null);
        });
    }

    /** Starts {@code sdbench args...} on this test's class path; {@code awaited} marks the line {@link #awaitLine} waits for. */
    static InterruptibleRun start(Map<String, String> env, Predicate<String> awaited, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        // A build started in the background of a non-interactive shell ignores SIGINT, its children inherit
        // that, and a JVM that starts with SIGINT ignored never installs its handler: the signal would never
        // reach sdbench. A user's terminal does not do this; coreutils' env restores the default.
        if (envRestoresSigint()) {
            command.addAll(List.of("env", "--default-signal=INT"));
        }
        command.addAll(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        return new InterruptibleRun(pb.start(), awaited);
    }

    /** Bounded wait for the awaited line (or the end of the output). */
    void awaitLine(long minutes) throws Exception {
        seen.get(minutes, TimeUnit.MINUTES);
    }

    Process process() {
        return process;
    }

    /** Ctrl-C, then a bounded wait for the process to end; false if it did not. */
    boolean interruptAndWait(long minutes) throws Exception {
        new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor(10, TimeUnit.SECONDS);
        return process.waitFor(minutes, TimeUnit.MINUTES);
    }

    String output() {
        synchronized (log) {
            return log.toString();
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private static boolean envRestoresSigint() {
        try {
            Process p = new ProcessBuilder("env", "--default-signal=INT", "true")
                    .redirectErrorStream(true)
                    .start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
