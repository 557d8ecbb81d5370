package org.sdbench.database.check;

/** One finding of an audit: which audit, and one line saying what is wrong. */
public record Problem(String audit, String message) {
    public Problem {
        if (message == null || message.isBlank() || message.contains("\n")) {
            throw new IllegalArgumentException("a problem is one non-empty line: " + message);
        }
    }

    /** The line 'sdbench check' prints. */
    public String line() {
        return audit + ": " + message;
    }

    @Override
    public String toString() {
        return line();
    }
}
