package org.sdbench.run;

import java.util.Map;
import org.sdbench.apptier.instance.StepHandler;
import org.sdbench.apptier.instance.transaction.SdTransactions;
import org.sdbench.apptier.instance.update.UpdateModule;

/**
 * The business logic an app tier in this process runs: the SD transactions for every run, other
 * logic for the benches of the simulator itself. App-server processes always run the SD
 * transactions, so only they may be asked of a three-tier tier.
 */
public record AppLogic(StepHandler handler, Map<String, UpdateModule> modules) {
    public AppLogic {
        if (handler == null || modules == null) {
            throw new IllegalArgumentException("an app logic needs a step handler and its update modules");
        }
        modules = Map.copyOf(modules);
    }

    /** The SD transactions with their update modules, as every run has them. */
    public static AppLogic sd() {
        return new AppLogic(new SdTransactions(), SdTransactions.updateModules());
    }

    /** Whether app-server processes can run it: they run the SD transactions and nothing else. */
    boolean isSd() {
        return handler instanceof SdTransactions;
    }
}
