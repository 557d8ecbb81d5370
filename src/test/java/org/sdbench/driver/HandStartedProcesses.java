package org.sdbench.driver;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * sdbench processes a test starts by hand, as a user would on other hosts: each in a JVM of its
 * own, its output kept (tagged with its command), all of them destroyed by {@link #stopAll}.
 */
final class HandStartedProcesses {
    private final List<Process> started = new ArrayList<>();
    private final List<String> output = new CopyOnWriteArrayList<>();

    /** Starts {@code sdbench ARGS} and returns the port its ready line names (bounded wait). */
    int start(String... args) throws Exception {
        return start(List.of(), args);
    }

    /** The same in a JVM started with {@code jvmOptions} (a small heap, say). */
    int start(List<String> jvmOptions, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.sdbench.cli.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        started.add(p);
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (var r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    output.add("[" + args[0] + "] " + line);
                    if (line.startsWith("ready ")) {
                        port.complete(Integer.parseInt(line.replaceAll(".*port=(\\d+).*", "$1")));
                    }
                }
            } catch (Exception e) {
                port.completeExceptionally(e);
            }
            port.completeExceptionally(new AssertionError(args[0] + " ended before it was ready: " + output));
        });
        return port.get(3, TimeUnit.MINUTES);
    }

    /** Every line the processes printed so far, each prefixed with its command. */
    List<String> output() {
        return output;
    }

    /** The processes started so far, in order. */
    List<Process> started() {
        return List.copyOf(started);
    }

    void stopAll() throws InterruptedException {
        for (Process p : started) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
