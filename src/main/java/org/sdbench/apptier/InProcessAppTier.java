package org.sdbench.apptier;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.sdbench.apptier.instance.AppServerSystem;
import org.sdbench.apptier.instance.StepHandler;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.apptier.instance.workprocess.DbOutageException;
import org.sdbench.apptier.process.EmulatedNetwork;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.measure.metrics.MetricsUpdateListener;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.InstanceFigures;

/** Two-tier: the app-server instances run in this process, next to the driver. */
public final class InProcessAppTier implements AppTier {
    private final SdbenchConfig config;
    private final EmulatedNetwork net;
    private final AppServerSystem system;

    /** The instances run {@code handler}'s steps and {@code modules}' update tasks. */
    public InProcessAppTier(AppTier.Setup setup, StepHandler handler, Map<String, UpdateModule> modules) {
        SdbenchConfig c = setup.config();
        this.config = c;
        this.net = EmulatedNetwork.open(c, setup.db(), true, false, setup.clock());
        try {
            this.system = new AppServerSystem(
                    c.appServer(),
                    c.workload(),
                    setup.db(),
                    handler,
                    modules,
                    new MetricsUpdateListener(setup.metrics()),
                    setup.clock(),
                    c.run().users(),
                    c.run().seed());
        } catch (RuntimeException e) {
            net.close();
            throw e;
        }
    }

    @Override
    public boolean routesDatabase() {
        return net.routesDatabase();
    }

    @Override
    public int start(PrintWriter out) throws InterruptedException {
        int recovered = system.start();
        if (recovered > 0) {
            out.printf("processing %d update requests left in VBHDR by an earlier run first...%n", recovered);
            out.flush();
            for (var i : system.instances()) {
                i.updateTask().awaitIdle(TierTimeouts.RECOVERED_UPDATES);
            }
        }
        return recovered;
    }

    @Override
    public DialogService dialogs(Phases phases) {
        return system;
    }

    @Override
    public String describe() {
        var a = config.appServer();
        return String.format(
                "%d instance(s) x %d dialog + %d update work processes",
                a.instances(), a.dialogWorkProcesses(), a.updateWorkProcesses());
    }

    @Override
    public List<InstanceFigures> instances() {
        return system.figures();
    }

    @Override
    public void onFailure(Runnable stop) {
        system.onOutage(e -> stop.run());
    }

    /** Drains the update task unless the database is gone (then nothing could drain). */
    @Override
    public boolean drain(Duration bound) throws InterruptedException {
        boolean dbGone = system.outage() != null;
        try {
            return system.stop(dbGone ? Duration.ZERO : bound) && !dbGone;
        } catch (DbOutageException e) {
            return false;
        }
    }

    /**
     * Closes the connection pools at once: their connections are aborted, so work processes stuck
     * in a read from a stalled server wake with an error instead of holding the run for the socket
     * timeout. The instances' counters stay readable.
     */
    @Override
    public void abandon() {
        system.close();
    }

    @Override
    public String failure() {
        DbOutageException outage = system.outage();
        return outage == null ? null : outage.getMessage();
    }

    @Override
    public RemoteFacts remote() {
        return null;
    }

    @Override
    public TierNetwork network() {
        return new TierNetwork(net.emulation(), null);
    }

    @Override
    public void close() {
        try {
            system.close();
        } finally {
            net.close();
        }
    }
}
