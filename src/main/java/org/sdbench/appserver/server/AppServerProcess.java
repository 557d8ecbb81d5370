package org.sdbench.appserver.server;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.sdbench.appserver.AppServerInstance;
import org.sdbench.appserver.AppServerSystem;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.Database;
import org.sdbench.db.DbSession;
import org.sdbench.core.Clock;
import org.sdbench.metrics.RemoteUpdates;
import org.sdbench.protocol.SdStep;
import org.sdbench.protocol.wire.Address;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.RoundTrips;
import org.sdbench.protocol.wire.StepCodec;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireIn;
import org.sdbench.protocol.wire.WireOut;
import org.sdbench.protocol.wire.WireServer;
import org.sdbench.appserver.transaction.SdTransactions;

/**
 * One app-server instance as its own process: the simulated instance (dispatcher, work
 * processes, buffers, update task, own pool), its enqueue server in the central services, and a
 * listener for drivers. User sessions stay on the instance they logged on to.
 */
public final class AppServerProcess implements WireServer.Handler, AutoCloseable {
    private static final Object SHUTDOWN_REQUESTED = new Object();
    private final int number;
    private final AppServerSystem system;
    private final RemoteEnqueue enqueue;
    private final RemoteUpdates updates;
    private final WireClient central;
    private final Clock clock;
    private final Consumer<String> log;
    private final CountDownLatch shutdown = new CountDownLatch(1);
    private final int recovered;
    private WireServer server;

    private AppServerProcess(int number, AppServerSystem system, RemoteEnqueue enqueue, RemoteUpdates updates,
                             WireClient central, Clock clock, Consumer<String> log, int recovered) {
        this.number = number;
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
     */
    public static AppServerProcess start(SdbenchConfig c, Database db, int number, Address centralAddress, String listen,
                                         int port, String advertise, Token token, Consumer<String> log)
            throws InterruptedException {
        var a = c.appServer();
        Clock clock = Clock.SYSTEM;
        WireClient central = WireClient.connect(Dialer.Hop.APP_TO_CENTRAL, centralAddress, "appserver-" + number, token,
                a.connectTimeout(), "central services at " + centralAddress);
        RemoteEnqueue enqueue = new RemoteEnqueue(central, a.centralTimeout(), clock);
        RemoteUpdates updates = new RemoteUpdates();
        AppServerSystem system = new AppServerSystem(a.oneInstance(), c.workload(), db, new SdTransactions(),
                SdTransactions.updateModules(), updates, clock, c.run().users(), c.run().seed(), enqueue, number);
        int recovered = system.start();
        AppServerProcess p = new AppServerProcess(number, system, enqueue, updates, central, clock, log, recovered);
        p.server = WireServer.start(listen, port, token, p, log, "app server " + number);
        central.call(FrameType.REGISTER, new WireOut().i32(number).str(advertise).i32(p.server.port()).toBytes(),
                a.centralTimeout());
        central.broken().thenAccept(why -> {
            if ("closed".equals(why)) {
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
                c.error(f, String.valueOf(e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private void step(WireServer.Connection c, Frame f) {
        long arrived = clock.nanoTime();
        WireIn in = f.in();
        int user = in.i32();
        int step = in.u8();
        if (step >= SdStep.LOOP.size()) {
            c.error(f, "unknown dialog step " + step);
            return;
        }
        try {
            system.dispatch(user, SdStep.LOOP.get(step)).whenComplete((r, e) -> {
                if (e != null) {
                    c.error(f, "step failed: " + e);
                } else {
                    c.reply(f, FrameType.STEP_RESULT, StepCodec.encode(r, clock.nanoTime() - arrived));
                }
            });
        } catch (IllegalStateException e) {
            c.error(f, "app server " + number + ": " + e.getMessage());
        }
    }

    private void control(WireServer.Connection c, Frame f) throws InterruptedException {
        WireIn in = f.in();
        switch (f.type()) {
            case FrameType.LOGON -> {
                int user = in.i32();
                // Locks a session of this user left on a crashed instance would otherwise block it forever.
                enqueue.releaseAll(new LockOwner("user:" + user));
                system.logon(user);
                c.reply(f, FrameType.OK, new byte[0]);
            }
            case FrameType.ABANDON -> {
                system.abandonLoop(in.i32());
                c.reply(f, FrameType.OK, new byte[0]);
            }
            case FrameType.LOGOFF -> {
                system.logoff(in.i32());
                c.reply(f, FrameType.OK, new byte[0]);
            }
            case FrameType.STATS -> c.reply(f, FrameType.STATS_REPLY, stats());
            case FrameType.ADOPT -> c.reply(f, FrameType.OK, new WireOut().i32(adopt(in.i32())).toBytes());
            case FrameType.PING -> c.reply(f, FrameType.PONG, new WireOut().bytes(new byte[in.i32()]).toBytes());
            case FrameType.PROBE -> {
                int count = in.i32();
                WireOut o = new WireOut();
                RoundTrips.ping(central, "appserver-" + number, "central", count).write(o);
                dbRoundTrips(count).write(o);
                c.reply(f, FrameType.PROBE_REPLY, o.toBytes());
            }
            case FrameType.SHUTDOWN -> {
                boolean drained = system.stop(Duration.ofSeconds(in.i32()));
                // The driver still fetches the final figures: the process ends when that connection closes.
                c.attach(SHUTDOWN_REQUESTED);
                c.reply(f, FrameType.OK, new WireOut().u8(drained ? 1 : 0).toBytes());
            }
            default -> c.error(f, "app server " + number + " does not serve frame type " + f.type());
        }
    }

    @Override
    public void closed(WireServer.Connection c) {
        if (c.attachment() == SHUTDOWN_REQUESTED) {
            shutdown.countDown();
        }
    }

    /** The DB's own round trip from this process: the dialect's empty query on one of the instance's connections. */
    private RoundTrips dbRoundTrips(int count) throws InterruptedException {
        DbSession db = system.instances().get(0).sessions().open();
        long[] t = new long[count];
        try (var st = db.connection().createStatement()) {
            for (int i = 0; i < count; i++) {
                long t0 = System.nanoTime();
                try (var rs = st.executeQuery(db.dialect().emptyQuery())) {
                    rs.next();
                }
                t[i] = System.nanoTime() - t0;
            }
            db.commit();
        } catch (SQLException e) {
            db.rollbackQuietly();
            throw new IllegalStateException("probing the DB round trip failed: " + e.getMessage());
        } finally {
            db.close();
        }
        return RoundTrips.of("appserver-" + number, "db", 0, 0, t);
    }

    private int adopt(int deadInstance) throws InterruptedException {
        AppServerInstance i = system.instances().get(0);
        DbSession db = i.sessions().open();
        try {
            int n = i.updateTask().adopt(db, deadInstance);
            log.accept("app server " + number + ": took over " + n + " update requests of instance " + deadInstance);
            return n;
        } catch (SQLException e) {
            db.rollbackQuietly();
            throw new IllegalStateException("reading instance " + deadInstance + "'s update requests failed: " + e.getMessage());
        } finally {
            db.close();
        }
    }

    /** Interval update figures, then this instance's totals so far (update work included), then where it runs. */
    private byte[] stats() {
        AppServerInstance i = system.instances().get(0);
        WireOut o = updates.drainInto(new WireOut(512).i32(number));
        var nr = i.numberRanges().stats();
        var e = enqueue.stats();
        o.i64(nr.fetches()).i64(nr.numbersIssued()).i64(nr.waitNs()).i64(i.numberRanges().unusedNumbers())
                .i64(i.tableBuffer().hits()).i64(i.tableBuffer().misses()).i64(i.sessions().replacedConnections())
                .i64(i.retriedTransactions()).i64(e.requests()).i64(e.conflicts()).i64(e.lockNs())
                .i32(i.updateTask().queueLength()).i32(recovered)
                .i64(i.sessions().failedOpens()).i64(i.replacedWorkProcesses())
                .i64(i.tableBuffer().size()).i64(i.tableBuffer().evictions()).i64(i.tableBuffer().invalidations())
                .i64(i.bufferSync().polls());
        var w = i.updateTask().workTotals();
        o.i64(w.v1Parts()).i64(w.v1CpuNanos()).i64(w.v2Parts()).i64(w.v2CpuNanos()).i32(i.dispatcher().length());
        return ProcessInfo.current("appserver-" + number).write(o).toBytes();
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
