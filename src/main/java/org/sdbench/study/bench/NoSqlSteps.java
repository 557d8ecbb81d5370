package org.sdbench.study.bench;

import org.sdbench.apptier.instance.StepContext;
import org.sdbench.apptier.instance.StepHandler;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepOutcome;

/**
 * Business logic that does nothing: every step succeeds without touching the DB. With zero
 * configured CPU, whatever CPU a step still costs is the simulator's own (driver, dispatcher, work
 * process, roll area, metrics). The work process's commit has no open transaction to end, so the
 * JDBC driver sends nothing.
 */
public final class NoSqlSteps implements StepHandler {

    @Override
    public Object newUserState(int userNo) {
        return null;
    }

    @Override
    public StepOutcome execute(SdStep step, StepContext ctx) {
        return StepOutcome.Ok.INSTANCE;
    }

    @Override
    public void abandonLoop(Object state) {
        // No loop state to forget.
    }
}
