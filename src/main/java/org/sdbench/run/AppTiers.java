package org.sdbench.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.Function;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Layout;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.db.Database;
import org.sdbench.metrics.RunMetrics;

/** The one place that reads appServer.layout: it picks the app tier a run drives. */
public final class AppTiers {
    private AppTiers() {}

    private static boolean remote(SdbenchConfig c) {
        return c.appServer().layout() == Layout.THREE_TIER;
    }

    /** Refuses, before anything starts, a configuration this build cannot run as asked. */
    public static void requireSupported(SdbenchConfig c) {
        var a = c.appServer();
        boolean loopback = a.listen().equals("localhost")
                || a.listen().startsWith("127.")
                || a.listen().equals("::1");
        if (remote(c) && a.central().isEmpty() && !loopback && a.tokenFile().isEmpty()) {
            // An app server listening on a network runs benchmark steps for whoever connects.
            throw new ConfigException(
                    "'appServer.listen' = '" + a.listen() + "' is not allowed without appServer.tokenFile: "
                            + "listen on 127.0.0.1, or give a token file readable only by its owner");
        }
    }

    /** Brings up the run's app tier with {@code logic}: in this process, or as separate processes over TCP. */
    static AppTier open(
            SdbenchConfig c,
            Database db,
            Path folder,
            RunMetrics metrics,
            Clock clock,
            AppLogic logic,
            Function<Path, ChildLauncher> launcher,
            PrintWriter out)
            throws InterruptedException {
        if (!remote(c)) {
            return new InProcessAppTier(c, db, logic, metrics, clock);
        }
        if (!logic.isSd()) {
            throw new ConfigException("'appServer.layout' = 'three-tier' is not allowed for steps of "
                    + logic.handler().getClass().getSimpleName()
                    + ": app-server processes run the SD transactions only (two-tier runs any logic)");
        }
        return RemoteAppTier.open(c, db, folder, metrics, clock, launcher, out);
    }
}
