package org.sdbench.run;

import java.util.List;
import java.util.Map;
import org.sdbench.protocol.wire.Token;

/**
 * Starts the sdbench processes a three-tier run needs on this machine (central services, app
 * servers) and ends them when closed. The command layer provides it: it knows how this program
 * is launched.
 */
public interface ChildLauncher extends AutoCloseable {
    /** A started child: its pid and the port its ready line named. */
    record Child(String name, long pid, int port) {}

    /** Starts {@code sdbench <args>} with {@code env} added and waits (bounded) until it is ready. */
    Child start(String name, List<String> args, Map<String, String> env) throws InterruptedException;

    /** The fresh per-run token the children were given through their environment. */
    Token token();

    @Override
    void close();
}
