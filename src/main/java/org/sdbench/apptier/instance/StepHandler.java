package org.sdbench.apptier.instance;

import java.sql.SQLException;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepOutcome;

/** The business logic behind dialog steps (the SD transactions), plugged into the app server. */
public interface StepHandler {
    /** Fresh per-user business state, kept in the user's session across steps. */
    Object newUserState(int userNo);

    /**
     * Runs one dialog step inside the work process's open DB transaction; the work process commits
     * when the outcome is {@link StepOutcome.Ok} and rolls back otherwise.
     */
    StepOutcome execute(SdStep step, StepContext ctx) throws SQLException, InterruptedException;

    /** Forgets the current loop after a failed step, so the next loop starts clean. */
    void abandonLoop(Object state);
}
