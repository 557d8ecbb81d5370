package org.sdbench.protocol.enqueue;

/**
 * The enqueue server answered a request with a refusal, neither a grant nor a conflict: the
 * owner or the request is not this instance's to make. Not an unreachable enqueue server: the step
 * that asked fails as {@code enqueue-refused} and its transaction is rolled back.
 */
public final class EnqueueRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EnqueueRefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
