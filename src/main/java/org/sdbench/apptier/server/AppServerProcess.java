package org.sdbench.apptier.server;

import java.security.SecureRandom;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.sdbench.apptier.instance.AppServerInstance;
import org.sdbench.apptier.instance.AppServerSystem;
import org.sdbench.config.HostAndPort;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.database.DbSession;
import org.sdbench.measure.metrics.RemoteUpdates;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.RoundTrips;
import org.sdbench.protocol.wire.StepCodec;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireServer;

/**
 * One app-server instance as its own process: the simulated instance (dispatcher, work
 * processes, buffers, update task, own pool), its enqueue server in the central services, and a
 * listener for drivers. User sessions stay on the instance they logged on to.
 */
public final class AppServerProcess implements WireServer.Handler, AutoCloseable {
    private static final Object SHUTDOWN_REQUESTED = new Object();
    /** How long the instance of another run's settings drains before this run's replaces it. */
    private static final Duration SETTINGS_TAKEOVER_DRAIN = Duration.ofSeconds(60);
    /** A driver connection that sent the run's settings: only such a connection may log users on. */
    private static final Object SETTLED = new Object();

    private final int number;
    private final Database db;
    private final RunSettingsHolder settings;
    private final ServedRuns runs;
    /** Started by a run (it ends with that run), or by hand (it serves one run after another). */
    private final boolean endsWithRun;
    /** What this process's registration carries and its listener answers IDENTIFY with. */
    private final byte[] nonce = new byte[CentralMessages.NONCE_BYTES];
    /** The instance was stopped at a run's end and is built afresh before the next run (guarded by settings). */
    private boolean stopped;

    private volatile AppServerSystem system;
    private final RemoteEnqueue enqueue;
    private final RemoteUpdates updates;
    private final WireClient central;
    private final Clock clock;
    private final Consumer<String> log;
    private final CountDownLatch shutdown = new CountDownLatch(1);
    private volatile int recovered;
    private WireServer server;

    private AppServerProcess(
            int number,
            Database db,
            RunSettingsHolder settings,
            AppServerSystem system,
            RemoteEnqueue enqueue,
            RemoteUpdates updates,
            WireClient central,
            Clock clock,
            Consumer<String> log,
            int recovered,
            boolean endsWithRun) {
        this.number = number;
        this.endsWithRun = endsWithRun;
        this.runs = new ServedRuns(number, log);
        new SecureRandom().nextBytes(nonce);
        this.db = db;
        this.settings = settings;
        this.system = system;
        this.enqueue = enqueue;
        this.updates = updates;
        this.central = central;
        this.clock = clock;
        this.log = log;
        this.recovered = recovered;
    }

    /**
     * Connects to the central services, starts the instance (update requests it left in an
     * earlier life first), listens, and registers with the message server under {@code advertise}.
     * {@code endsWithRun}: a run started this process, and its end ends it; else the instance is
     * built afresh at a run's end and serves the next.
     */
    public static AppServerProcess start(
            Wire wire,
            SdbenchConfig c,
            Database db,
            int number,
            HostAndPort centralAddress,
            String listen,
            int port,
            String advertise,
            Token token,
            Consumer<String> log,
            boolean endsWithRun)
            throws InterruptedException {
        var a = c.appServer();
        Clock clock = Clock.SYSTEM;
        WireClient central = WireClient.connect(
                wire,
                Dialer.Hop.APP_TO_CENTRAL,
                centralAddress,
                Role.appServer(number),
                token,
                a.connectTimeout(),
                "central services at " + centralAddress);
        RemoteEnqueue enqueue = new RemoteEnqueue(central, a.centralTimeout());
        RemoteUpdates updates = new RemoteUpdates();
        RunSettingsHolder settings = new RunSettingsHolder(c);
        AppServerSystem system = settings.build(db, updates, clock, enqueue, number);
        int recovered = system.start();
        AppServerProcess p = new AppServerProcess(
                number, db, settings, system, enqueue, updates, central, clock, log, recovered, endsWithRun);
        p.server = WireServer.start(wire, listen, port, token, p, log, "app server " + number);
        central.call(
                FrameType.REGISTER,
                new CentralMessages.Register(number, new HostAndPort(advertise, p.server.port()), p.nonce).encode(),
                a.centralTimeout());
        central.broken().thenAccept(why -> {
            if (why.clean()) {
                return;
            }
            log.accept("app server " + number + ": central services gone (" + why + "): stopping");
            p.shutdown.countDown();
        });
        return p;
    }

    public int port() {
        return server.port();
    }

    public int recovered() {
        return recovered;
    }

    /** Blocks until a driver asked this process to stop, or the central services went away. */
    public void awaitShutdown() throws InterruptedException {
        shutdown.await();
    }

    @Override
    public void handle(WireServer.Connection c, Frame f) {
        if (f.type() == FrameType.STEP) {
            step(c, f);
            return;
        }
        // Everything else may wait on the central services or the DB: off the connection's reader.
        Thread.ofVirtual().start(() -> {
            try {
                control(c, f);
            } catch (RuntimeException e) {
                c.error(f, "app server " + number + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private void step(WireServer.Connection c, Frame f) {
        long arrived = clock.nanoTime();
        AppMessages.Step s = AppMessages.Step.decode(f.body());
        if (c.attachment() != SETTLED) {
            c.error(f, notSettled());
            return;
        }
        try {
            system.dispatch(s.user(), s.step()).whenComplete((r, e) -> {
                if (e != null) {
                    c.error(f, "step failed: " + e);
                } else {
                    c.reply(f, FrameType.STEP_RESULT, StepCodec.encode(r, clock.nanoTime() - arrived));
                }
            });
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            c.error(f, "app server " + number + ": " + e.getMessage());
        }
    }

    private String notSettled() {
        return "app server " + number
                + ": the driver sent no run settings on this connection (another sdbench version?)";
    }

    private void control(WireServer.Connection c, Frame f) throws InterruptedException {
        switch (f.type()) {
            case FrameType.RUN_SETTINGS -> runSettings(c, f);
            case FrameType.LOGON -> {
                int user = AppMessages.User.decode(f.body()).user();
                if (c.attachment() != SETTLED) {
                    c.error(f, notSettled());
                    return;
                }
                // Locks an earlier session of this user here in this run left behind (a loop its driver dropped).
                enqueue.releaseAll(LockOwner.session(number, system.run(), user));
                system.logon(user);
                c.reply(f, FrameType.OK, Control.EMPTY);
            }
            case FrameType.ABANDON -> {
                system.abandonLoop(AppMessages.User.decode(f.body()).user());
                c.reply(f, FrameType.OK, Control.EMPTY);
            }
            case FrameType.LOGOFF -> {
                system.logoff(AppMessages.User.decode(f.body()).user());
                c.reply(f, FrameType.OK, Control.EMPTY);
            }
            case FrameType.STATS -> {
                Control.empty(f.body());
                c.reply(f, FrameType.STATS_REPLY, stats());
            }
            case FrameType.ADOPT ->
                c.reply(
                        f,
                        FrameType.OK,
                        new Control.Count(
                                        adopt(AppMessages.Adopt.decode(f.body()).deadInstance()))
                                .encode());
            case FrameType.PING ->
                c.reply(f, FrameType.PONG, Control.Ping.decode(f.body()).pong());
            case FrameType.PROBE -> {
                int count = AppMessages.Probe.decode(f.body()).count();
                c.reply(
                        f,
                        FrameType.PROBE_REPLY,
                        new AppMessages.ProbeReply(
                                        RoundTrips.ping(central, Role.appServer(number), Role.CENTRAL, count),
                                        DbHopProbe.roundTrips(system, Role.appServer(number), count))
                                .encode());
            }
            case FrameType.SHUTDOWN -> {
                int seconds = AppMessages.Shutdown.decode(f.body()).drainSeconds();
                boolean drained;
                synchronized (settings) {
                    drained = system.stop(Duration.ofSeconds(seconds));
                    stopped = true;
                }
                runs.end(drained, seconds);
                // The driver still fetches the final figures: the run is over here when that connection closes.
                c.attach(SHUTDOWN_REQUESTED);
                c.reply(f, FrameType.OK, new Control.Flag(drained).encode());
            }
            case FrameType.IDENTIFY -> {
                Control.empty(f.body());
                c.reply(f, FrameType.IDENTITY, new CentralMessages.Identity(number, nonce).encode());
            }
            default -> c.error(f, "app server " + number + " does not serve frame type " + f.type());
        }
    }

    /**
     * The run's identity and settings: refused while a driver of another run is connected (one run
     * at a time, whatever the settings); settings the same as this instance's, or taken over when
     * no other driver is connected (the old instance drains first), or refused naming what differs.
     */
    private void runSettings(WireServer.Connection c, Frame f) throws InterruptedException {
        var message = AppMessages.RunSettings.decode(f.body());
        var wanted = RunSettingsHolder.parse(message);
        synchronized (settings) {
            String refused = runs.refusal(c, message.run());
            if (refused != null) {
                c.error(f, refused);
                return;
            }
            renewIfStopped();
            String diff = settings.differences(wanted);
            if (!diff.isEmpty()) {
                runs.closed(c);
                if (runs.othersConnected(c)) {
                    c.error(
                            f,
                            "app server " + number + " serves another driver connection of this run with other"
                                    + " settings: " + diff);
                    return;
                }
                AppServerSystem old = system;
                old.stop(SETTINGS_TAKEOVER_DRAIN);
                old.close();
                settings.take(wanted);
                AppServerSystem fresh = settings.build(db, updates, clock, enqueue, number);
                recovered += fresh.start();
                system = fresh;
                log.accept("app server " + number + ": took the run's settings from " + c.peer() + " (" + diff + ")");
            }
            if (runs.serve(c, message.run())) {
                system.beginRun(message.run().id());
            }
            c.attach(SETTLED);
        }
        c.reply(f, FrameType.OK, Control.EMPTY);
    }

    /** An instance stopped at a run's end is built afresh: a process started by hand serves the next run. */
    private void renewIfStopped() throws InterruptedException {
        if (!stopped) {
            return;
        }
        system.close();
        AppServerSystem fresh = settings.build(db, updates, clock, enqueue, number);
        recovered += fresh.start();
        system = fresh;
        stopped = false;
    }

    @Override
    public void closed(WireServer.Connection c) {
        runs.closed(c);
        if (c.attachment() != SHUTDOWN_REQUESTED) {
            return;
        }
        if (endsWithRun) {
            shutdown.countDown();
            return;
        }
        // Off the connection's reader: building the instance opens its DB pool.
        Thread.ofVirtual().name("renew-" + number).start(() -> {
            try {
                synchronized (settings) {
                    renewIfStopped();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                log.accept("app server " + number + ": building the instance for the next run failed (" + e.getMessage()
                        + "): the next run builds it");
            }
        });
    }

    private int adopt(int deadInstance) throws InterruptedException {
        new AdoptionGuard(number, central, enqueue.timeout()).check(deadInstance);
        AppServerInstance i = system.instances().get(0);
        DbSession db = i.sessions().open();
        try {
            int n = i.updateTask().adopt(db, deadInstance);
            log.accept("app server " + number + ": took over " + n + " update requests of instance " + deadInstance);
            return n;
        } catch (SQLException e) {
            db.rollbackQuietly();
            throw new IllegalStateException(
                    "reading instance " + deadInstance + "'s update requests failed: " + e.getMessage());
        } finally {
            db.close();
        }
    }

    /** Interval update figures, then this instance's totals so far, what it recovered at start, where it runs. */
    private byte[] stats() {
        return new AppMessages.Stats(
                        updates.drain(),
                        system.instances().get(0).figures(),
                        recovered,
                        ProcessInfo.current(Role.appServer(number)))
                .encode();
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
        central.close();
        system.close();
    }
}
