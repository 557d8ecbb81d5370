package org.sdbench.config;

/**
 * Network emulation per hop between tiers ({@code network.appToDb.delay=1ms}): a user-space relay sits
 * on each hop that has any delay, jitter or loss. Nothing is emulated by default.
 */
public record NetworkConfig(NetworkHop driverToApp, NetworkHop appToCentral, NetworkHop appToDb) {
    public NetworkConfig {
        for (var hop : new Object[][] {
            {"network.driverToApp", driverToApp}, {"network.appToCentral", appToCentral}, {"network.appToDb", appToDb}
        }) {
            ConfigException.require(hop[1] != null, (String) hop[0], null, "a section of delay, jitter, loss, ...");
        }
        driverToApp.validate("network.driverToApp");
        appToCentral.validate("network.appToCentral");
        appToDb.validate("network.appToDb");
    }

    public boolean emulated() {
        return driverToApp.emulated() || appToCentral.emulated() || appToDb.emulated();
    }
}
