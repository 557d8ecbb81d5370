package org.sdbench.apptier.remote;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sdbench.apptier.RunFiles;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.HostAndPort;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.protocol.ChildStartup;
import org.sdbench.protocol.Role;

/**
 * The processes a three-tier run starts on this machine: the central services, then every
 * app-server instance registered with them, each given the run folder's configuration and
 * workload ({@link ChildStartup}).
 */
final class LaunchPlan {
    /** The run's effective workload section, handed to the processes it starts. */
    static final String WORKLOAD = "workload.yaml";

    private LaunchPlan() {}

    /** Starts them; returns the central services' address. */
    static HostAndPort start(SdbenchConfig c, Database db, RunFiles files, ChildProcesses children, PrintWriter out)
            throws InterruptedException {
        var a = c.appServer();
        Path workload = files.dir().resolve(WORKLOAD);
        try {
            files.write(WORKLOAD, ConfigLoader.workloadYaml(c));
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + workload + ": " + e.getMessage());
        }
        var settings = new ChildStartup.Settings(files.config(), workload, db.childOverrides());
        Map<String, String> env = db.childEnvironment();
        var central = children.start(ChildStartup.CENTRAL, ChildStartup.central(settings), env);
        HostAndPort address = new HostAndPort(a.listen(), central.port());
        out.printf("central services: %s (pid %d)%n", address, central.process().pid());
        for (int i = 1; i <= a.instances(); i++) {
            String role = Role.appServer(i);
            List<String> args = new ArrayList<>(ChildStartup.appServer(settings, address.toString(), i));
            args.addAll(db.childCaptureOptions(role));
            var child = children.start(role, args, env);
            out.printf(
                    "app server %d: %s:%d (pid %d)%n",
                    i, a.listen(), child.port(), child.process().pid());
        }
        out.flush();
        return address;
    }

    /** A run refused before it started leaves no folder behind: the workload file goes with it. */
    static void discardIfBare(RunFiles files) {
        files.discardIfBare(WORKLOAD);
    }
}
