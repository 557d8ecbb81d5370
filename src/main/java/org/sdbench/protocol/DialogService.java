package org.sdbench.protocol;

import java.util.function.Consumer;
import org.sdbench.core.SdStep;

/**
 * The boundary between the presentation tier (driver) and the application tier. In two-tier it
 * is a method call; in three-tier the same calls cross the network to an app-server process.
 */
public interface DialogService {
    /** The message server assigns the user to an instance of the logon group. */
    void logon(int userNo);

    /** Sends one dialog step and blocks (a virtual thread) until the answer arrives. */
    StepResult dialogStep(int userNo, SdStep step) throws InterruptedException;

    /**
     * Sends one dialog step and returns at once: {@code answer} gets the result, within the same
     * bound as {@link #dialogStep}, on the thread that completes it, and must not block. A service
     * that offers this must also {@link #abandonLoop} without blocking. False, having sent nothing,
     * where the service cannot (a user that must log on first): the caller then waits in {@link #dialogStep}.
     */
    default boolean sendStep(int userNo, SdStep step, Consumer<StepResult> answer) {
        return false;
    }

    /** Gives up the user's current loop after a failed step: its locks are released, its state reset. */
    void abandonLoop(int userNo);

    void logoff(int userNo);
}
