package org.sdbench.apptier.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.sdbench.apptier.instance.AppServerSystem;
import org.sdbench.apptier.instance.transaction.SdTransactions;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.measure.metrics.RemoteUpdates;
import org.sdbench.protocol.enqueue.Enqueue;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.WireException;

/**
 * The settings an app-server instance serves with: the run's instance tuning, workload, users and
 * seed. They come from the process's own configuration at start and from the driver at every
 * run's start, so an instance started by hand with other settings serves the run with the run's.
 */
final class RunSettingsHolder {
    /** What the instance is built from; the database, addresses and token stay the process's own. */
    record Served(AppServerConfig tuning, WorkloadConfig workload, int users, long seed) {
        static Served of(SdbenchConfig c) {
            var a = c.appServer();
            // Addresses, token file and layout are where and how this process runs, not how it serves.
            AppServerConfig tuning = a.oneInstance().withoutAddresses();
            return new Served(tuning, c.workload(), c.run().users(), c.run().seed());
        }
    }

    private Served current;

    RunSettingsHolder(SdbenchConfig own) {
        current = Served.of(own);
    }

    AppServerSystem build(Database db, RemoteUpdates updates, Clock clock, Enqueue enqueue, int number) {
        Served s = current;
        return new AppServerSystem(
                s.tuning(),
                s.workload(),
                db,
                new SdTransactions(),
                SdTransactions.updateModules(),
                updates,
                clock,
                s.users(),
                s.seed(),
                enqueue,
                number);
    }

    /** The keys where {@code wanted} differs from what is served now; empty when none. */
    String differences(Served wanted) {
        List<String> d = new ArrayList<>();
        if (current.users() != wanted.users()) {
            d.add("run.users " + current.users() + " -> " + wanted.users());
        }
        if (current.seed() != wanted.seed()) {
            d.add("run.seed " + current.seed() + " -> " + wanted.seed());
        }
        if (!Objects.equals(current.workload(), wanted.workload())) {
            d.add("workload");
        }
        if (!Objects.equals(current.tuning(), wanted.tuning())) {
            d.add("appServer instance settings");
        }
        return String.join(", ", d);
    }

    void take(Served wanted) {
        current = wanted;
    }

    /** The driver's settings, read and validated as a run folder's config.yaml is. */
    static Served parse(AppMessages.RunSettings s) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory(
                    "sdbench-run-settings",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path config = Files.writeString(dir.resolve("config.yaml"), s.configYaml());
            Path workload = Files.writeString(dir.resolve("workload.yaml"), s.workloadYaml());
            return Served.of(new ConfigLoader(dir).load(config, workload, List.of()));
        } catch (IOException e) {
            throw new WireException("cannot read the run's settings: " + e.getMessage());
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // A temporary folder left behind holds no secret: the run folder's config.yaml has the same text.
        }
    }
}
