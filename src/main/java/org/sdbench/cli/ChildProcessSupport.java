package org.sdbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.core.LogTime;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.WireException;

/** What the appserver and central commands share: the token, the parent watch, the ready line. */
final class ChildProcessSupport {
    private ChildProcessSupport() {}

    /**
     * This process's wire token: the per-run token its parent run put in the environment, else
     * appServer.tokenFile, else this user's own token file under the state home (created once,
     * owner-only), so processes started by hand on one machine authenticate without a setting.
     */
    static Token token(String tokenFile) {
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
    static <T> T environment(Supplier<T> s) {
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
    static void watchParent(boolean enabled, Runnable onParentGone) {
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
    static void ready(PrintWriter out, String role, int port) {
        out.println("ready " + role + " port=" + port + " pid="
                + ProcessHandle.current().pid());
        out.flush();
    }

    static void log(String line) {
        System.err.println(LogTime.now() + " " + line);
        System.err.flush();
    }
}
