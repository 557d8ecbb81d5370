package org.sdbench.study.experiment;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.sdbench.core.EnvironmentException;
import org.sdbench.protocol.ChildStartup;
import org.sdbench.run.StartAt;

/**
 * One side's simulator in a duet: {@code sdbench run} in a JVM of its own, started on its CPU half
 * through the launcher (taskset), so that each side's registries, metrics and CPU accounting are its
 * own process's. Its output goes to a log; its run folder is the one it names there. It shares this
 * process group, so the terminal's Ctrl-C reaches it as it reaches a plain run.
 */
final class DuetSimulator {
    /** The heap and collector of a simulator JVM: the launcher's defaults. */
    static final List<String> JVM_OPTIONS = List.of("-Xmx1g", "-XX:+UseG1GC");
    /** How long a simulator asked to stop may take to write its window before it is killed. */
    static final Duration STOP_BOUND = Duration.ofSeconds(90);

    private static final String RESULTS = "results: ";

    private final String name;
    private final Process process;
    private final Path log;

    private DuetSimulator(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts {@code sdbench run <args>} on this JVM's runtime and class path, prefixed by {@code launcher}. */
    static DuetSimulator start(
            String name, List<String> launcher, List<String> args, Map<String, String> env, Path log) {
        List<String> cmd = new ArrayList<>(launcher);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_OPTIONS);
        String installation = System.getProperty("sdbench.home");
        if (installation != null && !installation.isBlank()) {
            // The same installation: the same default configuration and workload files.
            cmd.add("-Dsdbench.home=" + installation);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(ChildStartup.MAIN_CLASS);
        cmd.add("run");
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        pb.environment().putAll(env);
        try {
            return new DuetSimulator(name, pb.start(), log);
        } catch (IOException e) {
            throw new EnvironmentException("cannot start the simulator of " + name + ": " + e.getMessage());
        }
    }

    long pid() {
        return process.pid();
    }

    /**
     * Waits until the simulator, started with {@code --start-at stdin}, says it is set up, at most
     * {@code bound}.
     *
     * @return false when {@code stop} turned true first (Ctrl-C of this process)
     */
    boolean awaitSetUp(Duration bound, BooleanSupplier stop) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!said(StartAt.READY)) {
            if (stop.getAsBoolean()) {
                return false;
            }
            if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                throw new EnvironmentException("the simulator of " + name + " ended before it was set up (exit "
                        + process.exitValue() + "): " + lastLine() + " (log: " + log + ")");
            }
            if (System.nanoTime() > deadline) {
                throw new EnvironmentException("the simulator of " + name + " was not set up within "
                        + bound.toSeconds() + " s (log: " + log + ")");
            }
        }
        return true;
    }

    /** Gives the set-up simulator the instant its ramp-up begins at. */
    void startAt(Instant at) {
        OutputStream in = process.getOutputStream();
        try {
            in.write((at.toEpochMilli() + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
        } catch (IOException e) {
            throw new EnvironmentException("cannot give the simulator of " + name + " its start: " + e.getMessage());
        }
    }

    private boolean said(String line) {
        try {
            return Files.readString(log).contains(line);
        } catch (IOException e) {
            throw new EnvironmentException("cannot read the simulator's log " + log + ": " + e.getMessage());
        }
    }

    /**
     * Waits until the simulator ends, at most {@code bound}; when {@code stop} turns true first (Ctrl-C
     * of this process) or the bound passes, it is asked to stop and given {@link #STOP_BOUND}.
     *
     * @return its exit code
     */
    int await(Duration bound, BooleanSupplier stop) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        try {
            while (!process.waitFor(200, TimeUnit.MILLISECONDS)) {
                if (stop.getAsBoolean()) {
                    return stop();
                }
                if (System.nanoTime() > deadline) {
                    stop();
                    throw new EnvironmentException("the simulator of " + name + " did not end within "
                            + bound.toSeconds() + " s: stopped (log: " + log + ")");
                }
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            stop();
            throw e;
        }
    }

    /** Asks it to stop as Ctrl-C does (its window so far is written), then kills it after {@link #STOP_BOUND}. */
    int stop() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_BOUND.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        return process.isAlive() ? -1 : process.exitValue();
    }

    /** The run folder the simulator wrote, from its "results:" line; null when it wrote none. */
    Path folder() {
        try {
            List<String> lines = Files.readAllLines(log);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (lines.get(i).startsWith(RESULTS)) {
                    return Path.of(lines.get(i).substring(RESULTS.length()).strip());
                }
            }
            return null;
        } catch (IOException e) {
            throw new EnvironmentException("cannot read the simulator's log " + log + ": " + e.getMessage());
        }
    }

    /** The log's last line, for a failure message. */
    String lastLine() {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        } catch (IOException e) {
            return "";
        }
    }

    Path log() {
        return log;
    }
}
