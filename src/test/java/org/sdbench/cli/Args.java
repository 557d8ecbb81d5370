package org.sdbench.cli;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.database.load.TestDb;

/**
 * A command line for sdbench in a test, built by what it sets instead of a literal argument array:
 * {@code Args.run().threeTier().quick().users(2).duration("5s").db(SCHEMA).build()}. The arguments
 * stand in the order they are added.
 */
public final class Args {
    private final List<String> args = new ArrayList<>();

    private Args(String... command) {
        args.addAll(List.of(command));
    }

    /** Any command, e.g. {@code Args.of("bench", "overhead")}. */
    public static Args of(String... command) {
        return new Args(command);
    }

    public static Args run() {
        return new Args("run");
    }

    public static Args load() {
        return new Args("load");
    }

    /** Central services on a free port. */
    public static Args central() {
        return new Args("central", "--port", "0");
    }

    /** App server {@code instance} on a free port, registering with the central services at {@code central}. */
    public static Args appserver(String central, int instance) {
        return new Args("appserver", "--central", central, "--instance", String.valueOf(instance), "--port", "0");
    }

    /** The test database, in its own schema. */
    public Args db(String schema) {
        return option("--db-url", TestDb.url()).set("database.schema", schema);
    }

    /** The three-tier configuration file. */
    public Args threeTier() {
        return option("-c", "config/three-tier.yaml");
    }

    /** The quick workload. */
    public Args quick() {
        return option("-w", "workloads/sd-quick.yaml");
    }

    public Args users(int n) {
        return option("--users", String.valueOf(n));
    }

    public Args rampUp(String d) {
        return option("--ramp-up", d);
    }

    public Args duration(String d) {
        return option("--duration", d);
    }

    public Args rampDown(String d) {
        return option("--ramp-down", d);
    }

    public Args interval(int seconds) {
        return option("--interval", String.valueOf(seconds));
    }

    /** {@code --set key=value}. */
    public Args set(String key, String value) {
        return option("--set", key + "=" + value);
    }

    public Args option(String name, String value) {
        args.add(name);
        args.add(value);
        return this;
    }

    public Args flag(String name) {
        args.add(name);
        return this;
    }

    public String[] build() {
        return args.toArray(String[]::new);
    }
}
