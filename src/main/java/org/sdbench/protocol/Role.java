package org.sdbench.protocol;

import java.util.regex.Pattern;

/**
 * Who takes part in a run, by the name every process, handshake, hop probe, log file and report
 * uses for it: the driver, the central services, app-server instance N ({@code appserver-N}), and
 * the database as the far end of a hop. The one place these names are spelled.
 */
public final class Role {
    public static final String DRIVER = "driver";
    public static final String CENTRAL = "central";
    /** An app-server process, before it has its instance number (also its child command's name). */
    public static final String APP_SERVER = "appserver";
    /** The database, as the far end of a timed hop; it never announces itself. */
    public static final String DB = "db";

    private static final Pattern APP_SERVER_N = Pattern.compile(APP_SERVER + "-([1-9][0-9]?)");

    private Role() {}

    /** App-server instance {@code number}'s role. */
    public static String appServer(int number) {
        return APP_SERVER + "-" + number;
    }

    /** The prefix every app-server instance's role starts with. */
    public static String appServerPrefix() {
        return APP_SERVER + "-";
    }

    public static boolean isAppServer(String role) {
        return role != null && APP_SERVER_N.matcher(role).matches();
    }

    /** The instance number of an app-server role; 0 for any other role. */
    public static int instance(String role) {
        var m = role == null ? null : APP_SERVER_N.matcher(role);
        return m != null && m.matches() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** A role a client may announce in its handshake: the driver, an app-server instance or the central services. */
    public static boolean valid(String role) {
        return DRIVER.equals(role) || CENTRAL.equals(role) || isAppServer(role);
    }
}
