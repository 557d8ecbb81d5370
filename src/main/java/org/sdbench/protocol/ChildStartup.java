package org.sdbench.protocol;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a run starts its central services and app-server processes and knows they are up: the
 * program and argv it starts each with, and the one line a child prints on standard output once
 * it listens ({@code ready <role> port=N pid=P}). The launcher builds argv and reads the line with
 * this class; the children's options are named by it and they print the line with it.
 */
public final class ChildStartup {
    private ChildStartup() {}

    /** The program a child runs: sdbench's command line, on the run's own runtime and class path. */
    public static final String MAIN_CLASS = "org.sdbench.cli.Main";

    public static final String CENTRAL = Role.CENTRAL;
    public static final String APPSERVER = Role.APP_SERVER;

    public static final String CONFIG = "--config";
    public static final String WORKLOAD = "--workload";
    public static final String SET = "--set";
    public static final String CENTRAL_ADDRESS = "--central";
    public static final String INSTANCE = "--instance";
    public static final String PORT = "--port";
    /** The child ends when its standard input closes: when the run that started it ended, however it ended. */
    public static final String PARENT_WATCH = "--parent-watch";
    /** An app server records every statement its pools send into this folder (a bench's replay). */
    public static final String CAPTURE = "--capture-statements";
    /** How the recorded statements are written: simple or prepared. */
    public static final String CAPTURE_PROTOCOL = "--capture-protocol";

    private static final Pattern READY = Pattern.compile("^ready (\\S+) port=(\\d{1,5})(?: |$)");

    /** What the children of one run share: the run folder's configuration and workload, and overrides. */
    public record Settings(Path config, Path workload, List<String> overrides) {
        public Settings {
            overrides = List.copyOf(overrides);
        }

        private List<String> args(String command) {
            List<String> a =
                    new ArrayList<>(List.of(command, CONFIG, config.toString(), WORKLOAD, workload.toString()));
            for (String o : overrides) {
                a.add(SET);
                a.add(o);
            }
            return a;
        }
    }

    /** The central services' argv: any free port, ended with the run. */
    public static List<String> central(Settings s) {
        List<String> a = s.args(CENTRAL);
        a.addAll(List.of(PORT, "0", PARENT_WATCH));
        return a;
    }

    /** App server {@code instance}'s argv: registered with the central services at {@code central}, any free port. */
    public static List<String> appServer(Settings s, String central, int instance) {
        List<String> a = s.args(APPSERVER);
        a.addAll(List.of(CENTRAL_ADDRESS, central, INSTANCE, Integer.toString(instance), PORT, "0", PARENT_WATCH));
        return a;
    }

    /** The options that have an app server record its statements into {@code folder} in {@code protocol}'s form. */
    public static List<String> capture(Path folder, String protocol) {
        return List.of(CAPTURE, folder.toString(), CAPTURE_PROTOCOL, protocol);
    }

    /** The line a child prints once it listens. */
    public static String readyLine(String role, int port, long pid) {
        return "ready " + role + " port=" + port + " pid=" + pid;
    }

    /** The port a ready line names; empty for any other line. */
    public static OptionalInt readyPort(String line) {
        Matcher m = READY.matcher(line);
        if (!m.find()) {
            return OptionalInt.empty();
        }
        int port = Integer.parseInt(m.group(2));
        return port <= 65_535 ? OptionalInt.of(port) : OptionalInt.empty();
    }
}
