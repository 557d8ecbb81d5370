package org.sdbench.config;

import java.util.List;

/** The effective configuration of one command: defaults, config file, workload file and --set layered. */
public record SdbenchConfig(
        String name,
        DatabaseConfig database,
        AppServerConfig appServer,
        RunConfig run,
        LoadConfig load,
        WorkloadConfig workload,
        NetworkConfig network) {

    public SdbenchConfig {
        ConfigException.require(
                name != null && name.matches("[A-Za-z0-9_.-]{1,64}"),
                "name",
                name,
                "1 to 64 letters, digits, '.', '_' or '-'");
        ConfigException.require(database != null, "database", null, "a database section");
        ConfigException.require(appServer != null, "appServer", null, "an appServer section");
        ConfigException.require(run != null, "run", null, "a run section");
        ConfigException.require(load != null, "load", null, "a load section");
        ConfigException.require(
                workload != null,
                "workload",
                null,
                "a workload section (from the workload file named by run.workload)");
        ConfigException.require(network != null, "network", null, "a network section");
    }

    /** This configuration under another name (the name of its run folders). */
    public SdbenchConfig withName(String n) {
        return new SdbenchConfig(n, database, appServer, run, load, workload, network);
    }

    /** This configuration with another run section. */
    public SdbenchConfig withRun(RunConfig r) {
        return new SdbenchConfig(name, database, appServer, r, load, workload, network);
    }

    /** This configuration with another app-server tier. */
    public SdbenchConfig withAppServer(AppServerConfig a) {
        return new SdbenchConfig(name, database, a, run, load, workload, network);
    }

    /** This configuration with another workload. */
    public SdbenchConfig withWorkload(WorkloadConfig w) {
        return new SdbenchConfig(name, database, appServer, run, load, w, network);
    }

    /**
     * This configuration with one key changed as {@code --set key=value} changes it: the value read
     * as a YAML scalar, the key and the result checked as a loaded configuration is.
     */
    public SdbenchConfig with(String key, String value) {
        return ConfigLoader.with(this, List.of(key + "=" + value));
    }

    /** As {@link #with(String, String)} for several {@code KEY=VALUE} changes, applied in order and checked once. */
    public SdbenchConfig withSets(List<String> sets) {
        return ConfigLoader.with(this, sets);
    }
}
