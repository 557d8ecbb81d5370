package org.sdbench.protocol.wire;

import java.util.regex.Pattern;

/**
 * The roles a client announces in its handshake: the driver, app-server instance N, or the central
 * services (checking that an app server answers at the address it registered).
 */
public final class Roles {
    public static final String DRIVER = "driver";
    public static final String CENTRAL = "central";
    private static final Pattern APP_SERVER = Pattern.compile("appserver-([1-9][0-9]?)");

    private Roles() {}

    public static String appServer(int number) {
        return "appserver-" + number;
    }

    public static boolean isAppServer(String role) {
        return role != null && APP_SERVER.matcher(role).matches();
    }

    /** The instance number of an app-server role; 0 for any other role. */
    public static int instance(String role) {
        var m = role == null ? null : APP_SERVER.matcher(role);
        return m != null && m.matches() ? Integer.parseInt(m.group(1)) : 0;
    }

    public static boolean valid(String role) {
        return DRIVER.equals(role) || CENTRAL.equals(role) || isAppServer(role);
    }
}
