package org.sdbench.network;

import org.sdbench.config.NetworkConfig;
import org.sdbench.config.NetworkHop;

/**
 * The network links between tiers that can be emulated, named as in the configuration ({@code network.driverToApp}
 * and so on). A wire connection's {@code Dialer.Hop} (which processes it joins) takes one of these links.
 */
public enum EmulatedLink {
    DRIVER_TO_APP("driverToApp"),
    APP_TO_CENTRAL("appToCentral"),
    APP_TO_DB("appToDb");

    private final String key;

    EmulatedLink(String key) {
        this.key = key;
    }

    /** The configuration key below {@code network.}, also used in reports. */
    public String key() {
        return key;
    }

    public NetworkHop of(NetworkConfig c) {
        return switch (this) {
            case DRIVER_TO_APP -> c.driverToApp();
            case APP_TO_CENTRAL -> c.appToCentral();
            case APP_TO_DB -> c.appToDb();
        };
    }
}
