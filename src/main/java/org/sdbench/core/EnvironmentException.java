package org.sdbench.core;

/** The environment is not usable (DB unreachable, wrong password, schema missing, no JDK...): exit code 3. */
public class EnvironmentException extends RuntimeException {
    public EnvironmentException(String message) {
        super(message, null, false, false);
    }

    public EnvironmentException(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
