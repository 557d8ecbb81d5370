package org.sdbench.config;

import java.time.Duration;

/** The simulated application-server tier: instances, work processes, roll area, buffers. */
public record AppServerConfig(
        Layout layout,
        int instances,
        int dialogWorkProcesses,
        int updateWorkProcesses,
        int userContextBytes,
        int tableBufferEntries,
        Duration updateWaitTimeout,
        int dbRetries,
        Duration tableBufferSync,
        Duration replyTimeout) {

    public AppServerConfig {
        ConfigException.require(layout != null, "appServer.layout", null, "two-tier or three-tier");
        ConfigException.require(instances >= 1 && instances <= 64, "appServer.instances", instances, "1 to 64");
        ConfigException.require(dialogWorkProcesses >= 1 && dialogWorkProcesses <= 256,
                "appServer.dialogWorkProcesses", dialogWorkProcesses, "1 to 256");
        ConfigException.require(updateWorkProcesses >= 1 && updateWorkProcesses <= 64,
                "appServer.updateWorkProcesses", updateWorkProcesses, "1 to 64");
        ConfigException.require(userContextBytes >= 0 && userContextBytes <= 64 << 20,
                "appServer.userContextBytes", userContextBytes, "0 to 67108864 bytes");
        ConfigException.require(tableBufferEntries >= 0, "appServer.tableBufferEntries", tableBufferEntries,
                "0 (no table buffer) or more");
        ConfigException.require(updateWaitTimeout != null && updateWaitTimeout.toMillis() >= 1,
                "appServer.updateWaitTimeout", updateWaitTimeout, "a duration of at least 1ms");
        ConfigException.require(dbRetries >= 0 && dbRetries <= 100, "appServer.dbRetries", dbRetries, "0 to 100");
        ConfigException.require(tableBufferSync != null && !tableBufferSync.isNegative(), "appServer.tableBufferSync",
                tableBufferSync, "a duration >= 0 (0 = check for changed buffered tables before every step)");
        ConfigException.require(replyTimeout != null && replyTimeout.toMillis() >= 1, "appServer.replyTimeout",
                replyTimeout, "a duration of at least 1ms");
    }

    /**
     * Connections one instance needs: one per work process, one for number-range interval fetches
     * (their own short transactions) and one for the update task's sweep of VBHDR.
     */
    public int connectionsPerInstance() {
        return dialogWorkProcesses + updateWorkProcesses + 2;
    }
}
