package org.sdbench.network;

import java.net.InetSocketAddress;
import org.sdbench.config.ConfigException;

/** Parses {@code HOST:PORT} (IPv6 as {@code [::1]:5432}) into an unresolved address: names resolve when dialled. */
public final class HostPort {
    private HostPort() {
    }

    public static InetSocketAddress parse(String key, String text) {
        String t = text == null ? "" : text.trim();
        int colon = t.lastIndexOf(':');
        if (colon > 0 && colon < t.length() - 1) {
            String host = t.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            try {
                int port = Integer.parseInt(t.substring(colon + 1));
                if (port >= 0 && port <= 65535 && !host.isEmpty() && (host.indexOf(':') < 0 || t.startsWith("["))) {
                    return InetSocketAddress.createUnresolved(host, port);
                }
            } catch (NumberFormatException e) {
                // reported below with the allowed form
            }
        }
        throw new ConfigException("'" + key + "' = '" + text + "' is not allowed: HOST:PORT such as 127.0.0.1:5432 "
                + "(IPv6 as [::1]:5432, port 0-65535)");
    }

    /** The resolved form of an address, for dialling or binding (a name is looked up now). */
    static InetSocketAddress resolve(InetSocketAddress a) {
        return a.isUnresolved() ? new InetSocketAddress(a.getHostString(), a.getPort()) : a;
    }

    public static String format(InetSocketAddress a) {
        String h = a.getHostString();
        return (h.indexOf(':') >= 0 ? "[" + h + "]" : h) + ":" + a.getPort();
    }
}
