package org.sdbench.config;

/** Master-data load settings. */
public record LoadConfig(int threads, long seed) {
    public LoadConfig {
        ConfigException.require(threads >= 1 && threads <= 64, "load.threads", threads, "1 to 64");
    }
}
