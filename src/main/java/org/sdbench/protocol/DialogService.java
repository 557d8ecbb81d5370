package org.sdbench.protocol;

/**
 * The boundary between the presentation tier (driver) and the application tier. In two-tier it
 * is a method call; in three-tier the same calls cross the network to an app-server process.
 */
public interface DialogService {
    /** The message server assigns the user to an instance of the logon group. */
    void logon(int userNo);

    /** Sends one dialog step and blocks (a virtual thread) until the answer arrives. */
    StepResult dialogStep(int userNo, SdStep step) throws InterruptedException;

    /** Gives up the user's current loop after a failed step: its locks are released, its state reset. */
    void abandonLoop(int userNo);

    void logoff(int userNo);
}
