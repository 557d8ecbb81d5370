package org.sdbench.protocol.enqueue;

/**
 * The enqueue server did not answer a request (three-tier: the central services unreachable or
 * gone within appServer.centralTimeout). An environment failure, not a bug: the step that asked
 * fails as {@code enqueue-unavailable} and its transaction is rolled back.
 */
public final class EnqueueUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EnqueueUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
