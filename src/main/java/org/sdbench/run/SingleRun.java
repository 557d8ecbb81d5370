package org.sdbench.run;

import java.io.PrintWriter;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.Database;
import org.sdbench.database.load.DataSet;

/** One run as the run command makes it: the database opened, its data set made ready, then the engine's run. */
public final class SingleRun {
    private SingleRun() {}

    /**
     * Runs {@code c} after {@link RunPreflight#check}; the run's exit code.
     *
     * @param mayLoad whether a missing data set, or missing users, are loaded (else refused)
     * @param verbose whether a load prints one line per table as well
     */
    public static int execute(SdbenchConfig c, RunOptions options, PrintWriter out, boolean mayLoad, boolean verbose)
            throws InterruptedException {
        RunPreflight.check(c, options);
        try (Database db = Database.open(c.database(), false)) {
            new DataSet(db, c, out, verbose).ensureLoaded(mayLoad);
            return new RunEngine(options).execute(c, db, out).exitCode();
        }
    }
}
