package org.sdbench.run;

import java.util.Map;
import java.util.function.UnaryOperator;
import org.sdbench.appserver.StepHandler;
import org.sdbench.appserver.transaction.SdTransactions;
import org.sdbench.appserver.update.UpdateModule;
import org.sdbench.protocol.UpdateListener;

/**
 * The business logic an app tier in this process runs: the SD transactions for every run, other
 * logic for the benches of the simulator itself. App-server processes always run the SD
 * transactions, so only they may be asked of a three-tier tier.
 *
 * @param updates wraps the listener that feeds the run's metrics (a bench counts the update task's calls there)
 */
public record AppLogic(StepHandler handler, Map<String, UpdateModule> modules, UnaryOperator<UpdateListener> updates) {
    public AppLogic {
        if (handler == null || modules == null || updates == null) {
            throw new IllegalArgumentException("an app logic needs a step handler, its update modules and a listener");
        }
        modules = Map.copyOf(modules);
    }

    /** The SD transactions with their update modules, as every run has them. */
    public static AppLogic sd() {
        return new AppLogic(new SdTransactions(), SdTransactions.updateModules(), UnaryOperator.identity());
    }

    /** Whether app-server processes can run it: they run the SD transactions and nothing else. */
    boolean isSd() {
        return handler instanceof SdTransactions;
    }
}
