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
        String central,
        String listen,
        String tokenFile,
        Duration connectTimeout,
        Duration replyTimeout,
        Duration centralTimeout) {

    public AppServerConfig {
        ConfigException.require(layout != null, "appServer.layout", null, "two-tier or three-tier");
        ConfigException.require(instances >= 1 && instances <= 64, "appServer.instances", instances, "1 to 64");
        ConfigException.require(
                dialogWorkProcesses >= 1 && dialogWorkProcesses <= 256,
                "appServer.dialogWorkProcesses",
                dialogWorkProcesses,
                "1 to 256");
        ConfigException.require(
                updateWorkProcesses >= 1 && updateWorkProcesses <= 64,
                "appServer.updateWorkProcesses",
                updateWorkProcesses,
                "1 to 64");
        ConfigException.require(
                userContextBytes >= 0 && userContextBytes <= 64 << 20,
                "appServer.userContextBytes",
                userContextBytes,
                "0 to 67108864 bytes");
        ConfigException.require(
                tableBufferEntries >= 0,
                "appServer.tableBufferEntries",
                tableBufferEntries,
                "0 (no table buffer) or more");
        ConfigException.require(
                updateWaitTimeout != null && updateWaitTimeout.toMillis() >= 1,
                "appServer.updateWaitTimeout",
                updateWaitTimeout,
                "a duration of at least 1ms");
        ConfigException.require(dbRetries >= 0 && dbRetries <= 100, "appServer.dbRetries", dbRetries, "0 to 100");
        ConfigException.require(
                tableBufferSync != null && !tableBufferSync.isNegative(),
                "appServer.tableBufferSync",
                tableBufferSync,
                "a duration >= 0 (0 = check for changed buffered tables before every step)");
        central = central == null ? "" : central.trim();
        ConfigException.require(
                central.isEmpty()
                        || HostAndPort.parse("appServer.central", central).port() > 0,
                "appServer.central",
                central,
                "host:port of running central services (port 1 to 65535), or empty to " + "start them with the run");
        listen = listen == null || listen.isBlank() ? "127.0.0.1" : HostAndPort.host("appServer.listen", listen);
        tokenFile = tokenFile == null ? "" : tokenFile.trim();
        Durations.within("appServer.connectTimeout", connectTimeout, Duration.ofMillis(1), Duration.ofMinutes(10));
        Durations.within("appServer.replyTimeout", replyTimeout, Duration.ofMillis(1), Duration.ofHours(1));
        Durations.within("appServer.centralTimeout", centralTimeout, Duration.ofMillis(1), Duration.ofMinutes(10));
    }

    /** The same settings for one instance: what one {@code sdbench appserver} process runs. */
    public AppServerConfig oneInstance() {
        return with(1, userContextBytes, central, listen, tokenFile);
    }

    /** This tier with another user context (roll area) size per dialog step. */
    public AppServerConfig withUserContextBytes(int bytes) {
        return with(instances, bytes, central, listen, tokenFile);
    }

    /** This tier without where its processes run: no central services, listen address or token file of its own. */
    public AppServerConfig withoutAddresses() {
        return with(instances, userContextBytes, "", "", "");
    }

    private AppServerConfig with(int n, int contextBytes, String centralAt, String listenOn, String token) {
        return new AppServerConfig(
                layout,
                n,
                dialogWorkProcesses,
                updateWorkProcesses,
                contextBytes,
                tableBufferEntries,
                updateWaitTimeout,
                dbRetries,
                tableBufferSync,
                centralAt,
                listenOn,
                token,
                connectTimeout,
                replyTimeout,
                centralTimeout);
    }

    /**
     * Connections one instance needs: one per work process, one for number-range interval fetches
     * (their own short transactions) and one for the update task's sweep of VBHDR.
     */
    public int connectionsPerInstance() {
        return dialogWorkProcesses + updateWorkProcesses + 2;
    }
}
