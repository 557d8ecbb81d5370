package org.sdbench.protocol.wire;

/**
 * Text a peer chose (a hello's version and role, a refusal's reason, an error reply) as it may
 * reach a log: control characters and escapes shown as {@code \n}, {@code \u001b}, never acted on
 * by a terminal or a log parser, and cut to a bound so that no peer decides how long our lines are.
 */
public final class PeerText {
    /** What a log line quotes from a peer at most; longer text ends with the count of what was cut. */
    public static final int MAX_CHARS = 120;

    private PeerText() {}

    /** The text escaped and cut to {@link #MAX_CHARS}; "(none)" for null. */
    public static String escape(String text) {
        return escape(text, MAX_CHARS);
    }

    public static String escape(String text, int maxChars) {
        if (text == null) {
            return "(none)";
        }
        StringBuilder b = new StringBuilder(Math.min(text.length(), maxChars) + 16);
        int i = 0;
        for (; i < text.length() && b.length() < maxChars; i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (ch < 0x20
                            || (ch >= 0x7f && ch < 0xa0)
                            || Character.isSurrogate(ch)
                            || ch == '\u2028'
                            || ch == '\u2029') {
                        b.append(String.format("\\u%04x", (int) ch));
                    } else {
                        b.append(ch);
                    }
                }
            }
        }
        if (i < text.length()) {
            b.append("...(").append(text.length() - i).append(" more chars)");
        }
        return b.toString();
    }
}
