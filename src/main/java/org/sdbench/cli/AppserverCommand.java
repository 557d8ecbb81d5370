package org.sdbench.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.appserver.server.AppServerProcess;
import org.sdbench.config.ConfigException;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.db.Database;
import org.sdbench.network.Hop;
import org.sdbench.network.NetworkEmulation;
import org.sdbench.protocol.wire.Address;
import org.sdbench.protocol.wire.Roles;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "appserver",
        mixinStandardHelpOptions = true,
        description =
                "One app-server instance of a three-tier system as its own process: dispatcher, dialog and update work processes, roll area, table buffer, number-range buffers and its own DB connection pool. Registers with the central services and serves dialog steps from drivers over TCP.")
final class AppserverCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(
            names = "--central",
            paramLabel = "HOST:PORT",
            description = "Central services (default: appServer.central).")
    String central;

    @Option(
            names = "--instance",
            paramLabel = "N",
            required = true,
            description = "Instance number, unique in the system (1 to 99).")
    int instance;

    @Mixin
    ProcessOptions process;

    @Option(
            names = "--advertise",
            paramLabel = "HOST",
            converter = Addresses.Host.class,
            description = "Host name drivers use to reach this instance (default: appServer.listen).")
    String advertise;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        SdbenchConfig c = options.load(List.of());
        var a = c.appServer();
        String centralText = central != null ? central : a.central();
        Address centralAddress = Address.parseOrNull(centralText);
        if (centralAddress == null) {
            throw new ConfigException(
                    "'--central' = '" + centralText + "' is not allowed: host:port of the central services");
        }
        if (instance < 1 || instance > 99) {
            throw new ConfigException("'--instance' = " + instance + " is not allowed: 1 to 99");
        }
        String host = advertise != null ? advertise : a.listen();
        try (Database db = Database.open(c.database(), false);
                NetworkEmulation net = emulate(c, db);
                AppServerProcess p = ChildProcessSupport.environment(() -> {
                    try {
                        return AppServerProcess.start(
                                Wire.of(net.wireRouter()),
                                c,
                                db,
                                instance,
                                centralAddress,
                                a.listen(),
                                process.port,
                                host,
                                ChildProcessSupport.token(a.tokenFile()),
                                ChildProcessSupport::log);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new WireException("interrupted while starting");
                    }
                })) {
            for (var r : net.routes()) {
                ChildProcessSupport.log(
                        "app server " + instance + ": network." + r.hop().key() + " emulated through the relay at "
                                + r.relay().getHostString() + ":" + r.relay().getPort());
            }
            Thread main = Thread.currentThread();
            ChildProcessSupport.watchParent(process.parentWatch, main::interrupt);
            ChildProcessSupport.ready(spec.commandLine().getOut(), Roles.appServer(instance), p.port());
            try {
                p.awaitShutdown();
            } catch (InterruptedException e) {
                ChildProcessSupport.log("app server " + instance + ": parent gone, stopping");
            }
        }
        return ExitCode.OK;
    }

    /** This process's emulated links: to the DB (its pool dials the relay) and to the central services (its wire's router). */
    private static NetworkEmulation emulate(SdbenchConfig c, Database db) {
        NetworkEmulation net = new NetworkEmulation(c.network(), c.run().seed(), Clock.SYSTEM);
        if (c.network().appToDb().emulated()) {
            db.dialVia(net.route(Hop.APP_TO_DB, db.endpoint()));
        }
        return net;
    }
}
