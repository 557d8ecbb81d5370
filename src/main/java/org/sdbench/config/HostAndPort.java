package org.sdbench.config;

/**
 * A {@code HOST:PORT} address of a process (IPv6 as {@code [::1]:5432}), or the form of a bare host, checked
 * without resolving anything: configuration records use it in their constructors, the wire dials it, and
 * {@code network.SocketAddresses} builds on it for options that also resolve the host.
 */
public record HostAndPort(String host, int port) {
    private static final String FORM = "HOST:PORT such as 127.0.0.1:5432 (IPv6 as [::1]:5432, port 0-65535)";

    public HostAndPort {
        // a host as written in an address option or key: an IPv6 literal may come bracketed
        host = host != null && host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        ConfigException.require(isHost(host), "host", host, "a host name or IP address");
        ConfigException.require(port >= 0 && port <= 65535, "port", port, "0 to 65535");
    }

    /** Parses {@code HOST:PORT}; a failure names {@code key}, the value and the form allowed. */
    public static HostAndPort parse(String key, String text) {
        String t = text == null ? "" : text.trim();
        int colon = t.lastIndexOf(':');
        if (colon > 0 && colon < t.length() - 1) {
            String host = t.substring(0, colon);
            boolean bracketed = host.startsWith("[") && host.endsWith("]");
            if (bracketed) {
                host = host.substring(1, host.length() - 1);
            }
            String digits = t.substring(colon + 1);
            if (Numbers.isWhole(digits) && digits.length() <= 5) {
                int port = Integer.parseInt(digits);
                if (port >= 0 && port <= 65535 && isHost(host) && (host.indexOf(':') < 0 || bracketed)) {
                    return new HostAndPort(host, port);
                }
            }
        }
        throw ConfigException.key(key, text, FORM);
    }

    /** Checks a bare host (no port): a name, an IPv4 or an IPv6 literal (bracketed or not). Returns it trimmed. */
    public static String host(String key, String text) {
        String h = text == null ? "" : text.trim();
        String bare = h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
        ConfigException.require(
                isHost(bare) && (bare.indexOf(':') < 0 || isIpv6Literal(bare)),
                key,
                text,
                "a host name or IP address without a port, such as 127.0.0.1");
        return h;
    }

    /** {@code host:port}, an IPv6 host bracketed, as {@link #parse} reads it back. */
    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    private static boolean isHost(String host) {
        return host != null
                && !host.isEmpty()
                && host.chars()
                        .noneMatch(c -> Character.isWhitespace(c) || c == '/' || c == '@' || c == '[' || c == ']');
    }

    private static boolean isIpv6Literal(String host) {
        return host.chars().filter(c -> c == ':').count() >= 2
                && host.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.' || c == '%');
    }
}
