package org.sdbench.config;

/**
 * Network emulation per hop between tiers ({@code network.appToDb.delay=1ms}): a user-space relay sits
 * on each hop that has any delay, jitter or loss. Nothing is emulated by default.
 */
public record NetworkConfig(NetworkHop driverToApp, NetworkHop appToCentral, NetworkHop appToDb) {
    public static final NetworkConfig NONE = new NetworkConfig(null, null, null);

    public NetworkConfig {
        driverToApp = driverToApp == null ? NetworkHop.NONE : driverToApp;
        appToCentral = appToCentral == null ? NetworkHop.NONE : appToCentral;
        appToDb = appToDb == null ? NetworkHop.NONE : appToDb;
        driverToApp.validate("network.driverToApp");
        appToCentral.validate("network.appToCentral");
        appToDb.validate("network.appToDb");
    }

    public boolean emulated() {
        return driverToApp.emulated() || appToCentral.emulated() || appToDb.emulated();
    }
}
