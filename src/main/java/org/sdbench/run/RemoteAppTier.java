package org.sdbench.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.sdbench.appserver.AppTierView;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.core.LogTime;
import org.sdbench.db.Database;
import org.sdbench.driver.Phases;
import org.sdbench.driver.RemoteDialogService;
import org.sdbench.driver.RemoteTier;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.network.HostPort;
import org.sdbench.network.NetworkEmulation;
import org.sdbench.network.RoundTrip;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.enqueue.EnqueueStats;
import org.sdbench.protocol.wire.Address;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.InstanceStats;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.RoundTrips;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.report.AtomicFiles;
import org.sdbench.report.BufferWindow;
import org.sdbench.report.NetworkSection;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;
import org.sdbench.report.RunReportAssembler;
import org.sdbench.report.TableBufferFigures;
import org.sdbench.report.WorkSummary;

/**
 * Three-tier: central services and app-server processes (started here unless appServer.central
 * names running ones), reached over TCP; their figures pulled at every harvest and merged exactly
 * into the run's metrics. Closing stops the processes it started, also on Ctrl-C and on failure.
 */
final class RemoteAppTier implements AppTier {
    /** The run's effective workload section, handed to the processes it starts. */
    static final String CHILD_WORKLOAD = "workload.yaml";

    private static final int HOP_PINGS = 50;

    private final SdbenchConfig config;
    private final RunMetrics metrics;
    private final Clock clock;
    private final NetworkEmulation net;
    private final ChildLauncher children;
    private final RemoteTier tier;
    /** The run's terminal: why a run ends early is said there, as the two-tier run says it. */
    private final PrintWriter out;

    private volatile RemoteDialogService service;

    private RemoteAppTier(
            SdbenchConfig c,
            RunMetrics metrics,
            Clock clock,
            NetworkEmulation net,
            ChildLauncher children,
            RemoteTier tier,
            PrintWriter out) {
        this.config = c;
        this.metrics = metrics;
        this.clock = clock;
        this.net = net;
        this.children = children;
        this.tier = tier;
        this.out = out;
    }

    /** Starts (or finds) the processes, connects, waits for every instance and times every hop. */
    static RemoteAppTier open(
            SdbenchConfig c,
            Database db,
            Path folder,
            RunMetrics metrics,
            Clock clock,
            Function<Path, ChildLauncher> launcher,
            PrintWriter out)
            throws InterruptedException {
        var a = c.appServer();
        NetworkEmulation net = new NetworkEmulation(c.network(), c.run().seed(), clock);
        ChildLauncher children = null;
        RemoteTier tier = null;
        Dialer.routeThrough(net.wireRouter());
        try {
            Address central;
            if (a.central().isEmpty()) {
                children = launcher.apply(folder);
                central = startProcesses(c, db, folder, children, out);
            } else {
                central = Address.parseOrNull(a.central());
            }
            tier = new RemoteTier(
                    central,
                    children != null ? children.token() : token(a.tokenFile()),
                    a.connectTimeout(),
                    a.replyTimeout(),
                    a.centralTimeout(),
                    clock,
                    RemoteAppTier::log);
            tier.awaitInstances(a.instances(), Duration.ofSeconds(90), c);
            recordHops(folder, probeHops(tier, central, db), out);
            return new RemoteAppTier(c, metrics, clock, net, children, tier, out);
        } catch (WireException e) {
            close(tier, children, net);
            throw new EnvironmentException(e.getMessage());
        } catch (RuntimeException | InterruptedException e) {
            close(tier, children, net);
            throw e;
        }
    }

    /** Processes started elsewhere: appServer.tokenFile, else this user's own token file, as they use it. */
    private static Token token(String tokenFile) {
        return tokenFile.isEmpty()
                ? Token.readOrCreate(DatabaseConfig.stateHome().resolve("wire-token"))
                : Token.read(Path.of(tokenFile));
    }

    static void log(String line) {
        System.err.println(LogTime.now() + " " + line);
        System.err.flush();
    }

    /** Starts central services and the app servers on this machine; returns the central services' address. */
    private static Address startProcesses(
            SdbenchConfig c, Database db, Path folder, ChildLauncher children, PrintWriter out)
            throws InterruptedException {
        var a = c.appServer();
        Path workload = folder.resolve(CHILD_WORKLOAD);
        try {
            AtomicFiles.writeString(workload, ConfigLoader.workloadYaml(c));
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + workload + ": " + e.getMessage());
        }
        List<String> common = new ArrayList<>(
                List.of("--config", folder.resolve(RunFolder.CONFIG).toString(), "--workload", workload.toString()));
        for (String o : db.childOverrides()) {
            common.add("--set");
            common.add(o);
        }
        Map<String, String> env = db.childEnvironment();
        List<String> centralArgs = new ArrayList<>(List.of("central"));
        centralArgs.addAll(common);
        centralArgs.addAll(List.of("--port", "0"));
        var central = children.start("central", centralArgs, env);
        Address address = new Address(a.listen(), central.port());
        out.printf("central services: %s (pid %d)%n", address, central.pid());
        for (int i = 1; i <= a.instances(); i++) {
            List<String> args = new ArrayList<>(List.of("appserver"));
            args.addAll(common);
            args.addAll(List.of("--central", address.toString(), "--instance", Integer.toString(i), "--port", "0"));
            var child = children.start("appserver-" + i, args, env);
            out.printf("app server %d: %s:%d (pid %d)%n", i, a.listen(), child.port(), child.pid());
        }
        out.flush();
        return address;
    }

    /**
     * Every hop before the run, each end named by role and address: driver to central services
     * and to each app server, each app server to the central services and to the DB.
     */
    private static List<HopProbe> probeHops(RemoteTier tier, Address central, Database db) throws InterruptedException {
        String driver = ProcessInfo.current("driver").host();
        String dbAddress = HostPort.format(db.endpoint());
        Map<Integer, Address> instances = tier.addresses();
        List<HopProbe> hops = new ArrayList<>();
        for (RoundTrips r : tier.probeHops(HOP_PINGS)) {
            String from = r.from().equals("driver") ? driver : address(instances, r.from());
            String to = r.to().equals("central")
                    ? central.toString()
                    : r.to().equals("db") ? dbAddress : address(instances, r.to());
            hops.add(HopProbe.of(r, from, to));
        }
        return hops;
    }

    private static String address(Map<Integer, Address> instances, String role) {
        if (role.startsWith("appserver-")) {
            Address a = instances.get(Integer.parseInt(role.substring("appserver-".length())));
            if (a != null) {
                return a.toString();
            }
        }
        return "unknown";
    }

    /** Prints each hop's round trips and adds them to environment.json under "hops". */
    private static void recordHops(Path folder, List<HopProbe> hops, PrintWriter out) {
        for (HopProbe h : hops) {
            out.println(h.line());
        }
        out.flush();
        RunFolder.addToEnvironment(folder, "hops", hops);
    }

    @Override
    public int start(PrintWriter out) {
        metrics.beforeHarvest(() -> tier.pullStats(metrics));
        tier.pullStats(metrics);
        return tier.instanceStats().values().stream()
                .mapToInt(InstanceStats::recovered)
                .sum();
    }

    @Override
    public DialogService dialogs(Phases phases) {
        service = new RemoteDialogService(
                tier,
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

    @Override
    public AppTierView view() {
        return tier.view();
    }

    @Override
    public int updateQueue() {
        return tier.instanceStats().values().stream()
                .mapToInt(InstanceStats::updateQueue)
                .sum();
    }

    @Override
    public BufferWindow bufferWindow() {
        // The harvest pulled every app server's totals just before the window is harvested.
        return new BufferWindow(() -> sum(InstanceStats::tableBufferHits), () -> sum(InstanceStats::tableBufferMisses));
    }

    @Override
    public void onFailure(Runnable stop) {
        tier.central().broken().thenAccept(why -> {
            if (!"closed".equals(why)) {
                out.println(
                        "sdbench: central services gone (" + why + "): ending the run, the window so far is reported");
                out.flush();
                stop.run();
            }
        });
    }

    /**
     * Hands a dead instance's pending requests to a live one once more (requests written just
     * before the crash), drains every live instance, then takes the final figures.
     */
    @Override
    public boolean drain(Duration bound) throws InterruptedException {
        boolean drained = false;
        if (!tier.central().isBroken()) {
            tier.adoptDead();
            drained = tier.drain(bound);
        }
        tier.pullStats(metrics);
        metrics.beforeHarvest(() -> {});
        return drained;
    }

    /** The app servers stay as they are (closing the tier ends the processes it started); their last figures count. */
    @Override
    public void abandon() {
        tier.pullStats(metrics);
        metrics.beforeHarvest(() -> {});
    }

    /** The instances' last reported totals; enqueue time as each app server measured it, round trip included. */
    @Override
    public RunReportAssembler.Figures figures() {
        List<RunReportAssembler.InstanceFigures> all = new ArrayList<>();
        long requests = 0;
        long conflicts = 0;
        long lockNs = 0;
        for (InstanceStats s : tier.instanceStats().values()) {
            all.add(new RunReportAssembler.InstanceFigures(
                    s.number(),
                    s.numberRangeFetches(),
                    s.numbersIssued(),
                    s.numberRangeWaitNs(),
                    s.unusedNumbers(),
                    s.tableBufferHits(),
                    s.tableBufferMisses(),
                    s.connectionsReplaced(),
                    s.retriedTransactions(),
                    s.failedConnectionAttempts(),
                    s.workProcessesReplaced(),
                    new WorkSummary.UpdateWork(s.v1Parts(), s.v1CpuNanos(), s.v2Parts(), s.v2CpuNanos())));
            requests += s.enqueueRequests();
            conflicts += s.enqueueConflicts();
            lockNs += s.enqueueNs();
        }
        EnqueueStats central = tier.centralEnqueue();
        return RunReportAssembler.Figures.of(
                all, new EnqueueStats(requests, conflicts, lockNs, central == null ? 0 : central.entries()));
    }

    @Override
    public TableBufferFigures tableBuffer(BufferWindow window, long capacityPerInstance) {
        return window.figures(
                capacityPerInstance,
                sum(InstanceStats::tableBufferEntries),
                sum(InstanceStats::tableBufferEvictions),
                sum(InstanceStats::tableBufferInvalidations),
                sum(InstanceStats::bufferSyncPolls));
    }

    /** One figure summed over the app servers' last stats replies (a dead one's last reply counts). */
    private long sum(ToLongFunction<InstanceStats> figure) {
        return tier.instanceStats().values().stream().mapToLong(figure).sum();
    }

    @Override
    public String failure() {
        return tier.central().isBroken()
                ? "central services gone (" + tier.central().broken().getNow("") + ")"
                : null;
    }

    @Override
    public RemoteFacts remote() {
        var samples = tier.cpuSamples();
        var dead = tier.deadInstances();
        List<RemoteFacts.ProcessSamples> processes = new ArrayList<>();
        for (var s : tier.instanceStats().values()) {
            ProcessInfo p = s.process();
            processes.add(new RemoteFacts.ProcessSamples(
                    p.role(),
                    p.host(),
                    p.pid(),
                    p.version(),
                    p.cores(),
                    samples.getOrDefault(p.role(), List.of()),
                    dead.contains(s.number())));
        }
        ProcessInfo ci = tier.centralInfo();
        boolean centralGone = tier.central().isBroken();
        if (ci != null) {
            processes.add(new RemoteFacts.ProcessSamples(
                    "central",
                    ci.host(),
                    ci.pid(),
                    ci.version(),
                    ci.cores(),
                    samples.getOrDefault("central", List.of()),
                    centralGone));
        }
        RemoteDialogService s = service;
        return new RemoteFacts(
                processes,
                dead.stream().sorted().toList(),
                s == null ? 0 : s.relogons(),
                s == null ? List.of() : s.perInstance(),
                centralGone);
    }

    @Override
    public RunReport.Network network(RoundTrip dbRoundTrip) {
        return NetworkSection.threeTier(net, config.network(), dbRoundTrip);
    }

    @Override
    public void close() {
        close(tier, children, net);
    }

    private static void close(RemoteTier tier, ChildLauncher children, NetworkEmulation net) {
        try {
            if (tier != null) {
                tier.close();
            }
            if (children != null) {
                children.close();
            }
        } finally {
            Dialer.routeThrough(null);
            net.close();
        }
    }
}
