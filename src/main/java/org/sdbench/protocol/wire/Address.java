package org.sdbench.protocol.wire;

/** A TCP address {@code host:port} of an sdbench process. */
public record Address(String host, int port) {
    public Address {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("an address needs a host name or IP, e.g. 127.0.0.1:7300");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not allowed: 0 to 65535");
        }
    }

    /** Parses {@code host:port}; null when the text is not of that form. */
    public static Address parseOrNull(String text) {
        if (text == null) {
            return null;
        }
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            return null;
        }
        try {
            int port = Integer.parseInt(text.substring(colon + 1).trim());
            return port < 1 || port > 65535
                    ? null
                    : new Address(text.substring(0, colon).trim(), port);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
