package org.sdbench.apptier.remote;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.sdbench.apptier.AppTier;
import org.sdbench.apptier.RemoteFacts;
import org.sdbench.apptier.TierNetwork;
import org.sdbench.apptier.TierTimeouts;
import org.sdbench.apptier.process.EmulatedNetwork;
import org.sdbench.apptier.process.ProcessSupport;
import org.sdbench.config.HostAndPort;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.wire.WireException;

/**
 * Three-tier: central services and app-server processes (started here unless appServer.central
 * names running ones), reached over TCP; their figures pulled at every harvest and merged exactly
 * into the run's metrics. Closing stops the processes it started, also on Ctrl-C and on failure.
 */
public final class RemoteAppTier implements AppTier {
    private final SdbenchConfig config;
    private final RunMetrics metrics;
    private final Clock clock;
    private final EmulatedNetwork net;
    private final ChildProcesses children;
    private final Connections connections;
    private final Fencing fencing;
    private final StatsHarvest harvest;
    /** The run's terminal: why a run ends early is said there, as the two-tier run says it. */
    private final PrintWriter out;

    private volatile RemoteDialogService service;

    private RemoteAppTier(AppTier.Setup s, EmulatedNetwork net, ChildProcesses children, Connections connections) {
        this.config = s.config();
        this.metrics = s.metrics();
        this.clock = s.clock();
        this.out = s.out();
        this.net = net;
        this.children = children;
        this.connections = connections;
        this.fencing = new Fencing(connections, clock, ProcessSupport::log);
        this.harvest = new StatsHarvest(connections, metrics, clock);
    }

    /** Starts (or finds) the processes, connects, waits for every instance and times every hop. */
    public static RemoteAppTier open(AppTier.Setup s) throws InterruptedException {
        SdbenchConfig c = s.config();
        var a = c.appServer();
        EmulatedNetwork net = EmulatedNetwork.open(c, s.db(), false, true, s.clock());
        ChildProcesses children = null;
        Connections connections = null;
        try {
            HostAndPort central;
            if (a.central().isEmpty()) {
                children = new ChildProcesses(s.files().dir());
                central = LaunchPlan.start(c, s.db(), s.files(), children, s.out());
            } else {
                central = HostAndPort.parse("appServer.central", a.central());
            }
            connections = new Connections(
                    net.wire(),
                    central,
                    children != null ? children.token() : ProcessSupport.token(a.tokenFile()),
                    c,
                    RunIdentity.fresh(
                            s.files().dir().getFileName().toString(), s.clock().wallMillis()),
                    s.clock());
            connections.begin();
            RemoteAppTier tier = new RemoteAppTier(s, net, children, connections);
            connections.awaitInstances(a.instances(), TierTimeouts.INSTANCES_REGISTERED);
            HopProbes.record(connections, central, s.db(), s.files(), s.out());
            return tier;
        } catch (WireException e) {
            close(connections, children, net);
            LaunchPlan.discardIfBare(s.files());
            throw new EnvironmentException(e.getMessage());
        } catch (RuntimeException | InterruptedException e) {
            close(connections, children, net);
            LaunchPlan.discardIfBare(s.files());
            throw e;
        }
    }

    @Override
    public int start(PrintWriter out) {
        metrics.beforeHarvest(harvest::pull);
        harvest.pull();
        return harvest.recovered();
    }

    @Override
    public DialogService dialogs(Phases phases) {
        service = new RemoteDialogService(
                connections,
                fencing,
                metrics,
                config.run().users(),
                () -> phases.phaseAt(clock.nanoTime()) == Phases.Phase.MEASUREMENT);
        return service;
    }

    @Override
    public String describe() {
        var a = config.appServer();
        return String.format(
                "%d app-server processes x %d dialog + %d update work processes (three-tier)",
                a.instances(), a.dialogWorkProcesses(), a.updateWorkProcesses());
    }

    /** The app servers' last reported totals (a dead one's last reply counts). */
    @Override
    public List<InstanceFigures> instances() {
        return harvest.instances();
    }

    @Override
    public void onFailure(Runnable stop) {
        fencing.onEveryInstanceLost(() -> {
            out.println("sdbench: " + everyInstanceLostLine() + ": ending the run, the window so far is reported");
            out.flush();
            stop.run();
        });
        connections.central().broken().thenAccept(why -> {
            if (!why.clean()) {
                out.println(
                        "sdbench: central services gone (" + why + "): ending the run, the window so far is reported");
                out.flush();
                stop.run();
            }
        });
    }

    /** Drains every live instance ({@link Drain}), then takes the final figures. */
    @Override
    public boolean drain(Duration bound) throws InterruptedException {
        boolean drained = Drain.drain(connections, fencing, bound, ProcessSupport::log);
        abandon();
        return drained;
    }

    /** The app servers stay as they are (closing the tier ends the processes it started); their last figures count. */
    @Override
    public void abandon() {
        harvest.pull();
        metrics.beforeHarvest(() -> {});
    }

    @Override
    public String failure() {
        if (connections.central().isBroken()) {
            return "central services gone (" + connections.central().broken().getNow(null) + ")";
        }
        return fencing.everyInstanceLost() ? everyInstanceLostLine() : null;
    }

    private String everyInstanceLostLine() {
        return "every app server was lost (instances "
                + fencing.dead().stream().sorted().toList()
                + "); their pending update requests stay in VBHDR for the next run's app servers";
    }

    @Override
    public RemoteFacts remote() {
        var dead = fencing.dead();
        boolean centralGone = connections.central().isBroken();
        RemoteDialogService s = service;
        // Every instance a step counted as app-server-lost is among the lost ones: the two never disagree.
        Set<Integer> lost = new TreeSet<>(fencing.everLost());
        if (s != null) {
            lost.addAll(s.lost());
        }
        return new RemoteFacts(
                harvest.processes(dead, centralGone),
                List.copyOf(lost),
                s == null ? 0 : s.relogons(),
                s == null ? List.of() : s.perInstance(),
                centralGone,
                fencing.everyInstanceLost());
    }

    @Override
    public TierNetwork network() {
        return new TierNetwork(net.emulation(), config.network());
    }

    @Override
    public void close() {
        close(connections, children, net);
    }

    private static void close(Connections connections, ChildProcesses children, EmulatedNetwork net) {
        try {
            if (connections != null) {
                connections.close();
            }
            if (children != null) {
                children.close();
            }
        } finally {
            net.close();
        }
    }
}
