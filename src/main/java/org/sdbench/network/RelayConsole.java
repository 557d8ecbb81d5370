package org.sdbench.network;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;

/** The relay command's console: a cut, resume, reset, stats or quit per line read, until the input ends. */
public final class RelayConsole {
    private RelayConsole() {}

    /** Reads commands for {@code relay} from {@code input} and answers on {@code out}; 'quit' counts {@code quit} down. */
    public static void run(Relay relay, InputStream input, PrintWriter out, CountDownLatch quit) {
        BufferedReader in = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8));
        try {
            String l;
            while ((l = in.readLine()) != null) {
                String[] w = l.trim().split("\\s+");
                try {
                    switch (w[0]) {
                        case "cut" -> {
                            relay.cut(w.length > 1 ? Durations.parse("cut", w[1]) : null);
                            out.println("cut" + (w.length > 1 ? " for at most " + w[1] : " until 'resume'"));
                        }
                        case "resume" -> {
                            relay.resume();
                            out.println("resumed");
                        }
                        case "reset" -> out.println("reset " + relay.resetConnections() + " connection(s)");
                        case "stats" -> out.println(line(relay.stats()));
                        case "quit" -> {
                            quit.countDown();
                            return;
                        }
                        case "" -> {}
                        default ->
                            out.println("unknown command '" + w[0] + "': cut [DURATION], resume, reset, stats, quit");
                    }
                } catch (ConfigException e) {
                    out.println(e.getMessage());
                }
                out.flush();
            }
        } catch (IOException e) {
            out.println("relay console closed: " + e.getMessage());
        }
        // the input ended (e.g. started in the background): keep relaying until the duration or Ctrl-C
    }

    /** The relay's counters as one line. */
    public static String line(RelayStats s) {
        return String.format(
                "relay: %d connection(s) (%d open, %d failed to reach the target), %d B forwarded, %d B back, "
                        + "%d emulated loss(es)",
                s.connections(), s.open(), s.failedConnects(), s.forwardBytes(), s.backBytes(), s.losses());
    }
}
