package org.sdbench.run;

import org.sdbench.apptier.AppTier;
import org.sdbench.apptier.InProcessAppTier;
import org.sdbench.apptier.remote.RemoteAppTier;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Layout;
import org.sdbench.config.SdbenchConfig;

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
    static AppTier open(AppTier.Setup setup, AppLogic logic) throws InterruptedException {
        if (!remote(setup.config())) {
            return new InProcessAppTier(setup, logic.handler(), logic.modules());
        }
        if (!logic.isSd()) {
            throw new ConfigException("'appServer.layout' = 'three-tier' is not allowed for steps of "
                    + logic.handler().getClass().getSimpleName()
                    + ": app-server processes run the SD transactions only (two-tier runs any logic)");
        }
        return RemoteAppTier.open(setup);
    }
}
