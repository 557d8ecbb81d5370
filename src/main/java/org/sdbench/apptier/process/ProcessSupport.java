package org.sdbench.apptier.process;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.core.LogTime;
import org.sdbench.protocol.ChildStartup;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.WireException;

/**
 * What sdbench's processes share: the wire token, the parent watch, the ready line and the
 * timestamped log line.
 */
public final class ProcessSupport {
    private ProcessSupport() {}

    /**
     * This process's wire token: the per-run token its parent run put in the environment, else
     * appServer.tokenFile, else this user's own token file under the state home (created once,
     * owner-only), so processes started by hand on one machine, and a run that drives them,
     * authenticate without a setting.
     */
    public static Token token(String tokenFile) {
        return environment(() -> {
            Token fromParent = Token.fromEnvironment();
            if (fromParent != null) {
                return fromParent;
            }
            return tokenFile.isEmpty()
                    ? Token.readOrCreate(DatabaseConfig.stateHome().resolve("wire-token"))
                    : Token.read(Path.of(tokenFile));
        });
    }

    /** Runs a start-up step; a peer or port problem becomes one line and exit 3. */
    public static <T> T environment(Supplier<T> s) {
        try {
            return s.get();
        } catch (WireException e) {
            throw new EnvironmentException(e.getMessage());
        }
    }

    /**
     * With --parent-watch the process ends when its standard input closes: the run that started
     * it ended, however it ended (even kill -9), so no child outlives its run.
     */
    public static void watchParent(boolean enabled, Runnable onParentGone) {
        if (!enabled) {
            return;
        }
        Thread.ofPlatform().daemon().name("parent-watch").start(() -> {
            try {
                while (System.in.read() >= 0) {
                    // Nothing is ever sent: only the end of the stream matters.
                }
            } catch (IOException e) {
                // A broken pipe means the same as end of stream.
            }
            onParentGone.run();
        });
    }

    /** The one line the parent waits for: the process is up and listening. */
    public static void ready(PrintWriter out, String role, int port) {
        out.println(ChildStartup.readyLine(role, port, ProcessHandle.current().pid()));
        out.flush();
    }

    /** One line on standard error, after the time of day: what a process says about itself. */
    public static void log(String line) {
        System.err.println(LogTime.now() + " " + line);
        System.err.flush();
    }
}
