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
        connectTimeout = connectTimeout == null ? Duration.ofSeconds(5) : connectTimeout;
        replyTimeout = replyTimeout == null ? Duration.ofMinutes(10) : replyTimeout;
        ConfigException.require(
                connectTimeout.toMillis() >= 1 && connectTimeout.toMinutes() <= 10,
                "appServer.connectTimeout",
                connectTimeout,
                "1ms to 10m");
        ConfigException.require(
                replyTimeout.toMillis() >= 1 && replyTimeout.toHours() <= 1,
                "appServer.replyTimeout",
                replyTimeout,
                "1ms to 1h");
        centralTimeout = centralTimeout == null ? Duration.ofSeconds(30) : centralTimeout;
        ConfigException.require(
                centralTimeout.toMillis() >= 1 && centralTimeout.toMinutes() <= 10,
                "appServer.centralTimeout",
                centralTimeout,
                "1ms to 10m");
    }

    /** Without the three-tier settings (loopback, no token, default timeouts). */
    public AppServerConfig(
            Layout layout,
            int instances,
            int dialogWorkProcesses,
            int updateWorkProcesses,
            int userContextBytes,
            int tableBufferEntries,
            Duration updateWaitTimeout,
            int dbRetries,
            Duration tableBufferSync) {
        this(
                layout,
                instances,
                dialogWorkProcesses,
                updateWorkProcesses,
                userContextBytes,
                tableBufferEntries,
                updateWaitTimeout,
                dbRetries,
                tableBufferSync,
                "",
                "",
                "",
                null,
                null,
                null);
    }

    /** The same settings for one instance: what one {@code sdbench appserver} process runs. */
    public AppServerConfig oneInstance() {
        return new AppServerConfig(
                layout,
                1,
                dialogWorkProcesses,
                updateWorkProcesses,
                userContextBytes,
                tableBufferEntries,
                updateWaitTimeout,
                dbRetries,
                tableBufferSync,
                central,
                listen,
                tokenFile,
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
