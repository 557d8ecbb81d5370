package org.sdbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.Addresses;
import org.sdbench.apptier.process.CaptureProtocols;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.apptier.process.ProcessOptions;
import org.sdbench.apptier.server.InstanceLifecycle;
import org.sdbench.config.ConfigException;
import org.sdbench.config.HostAndPort;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.capture.StatementCapture;
import org.sdbench.protocol.ChildStartup;
import org.sdbench.protocol.Role;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = Role.APP_SERVER,
        mixinStandardHelpOptions = true,
        description =
                "One app-server instance of a three-tier system as its own process: dispatcher, dialog and update work processes, roll area, table buffer, number-range buffers and its own DB connection pool. Registers with the central services and serves dialog steps from drivers over TCP.")
final class AppserverCommand implements Callable<Integer> {
    @Option(
            names = ChildStartup.CENTRAL_ADDRESS,
            paramLabel = "HOST:PORT",
            description = "Central services (default: appServer.central).")
    String central;

    @Option(
            names = ChildStartup.INSTANCE,
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

    @Option(
            names = ChildStartup.CAPTURE,
            paramLabel = "DIR",
            hidden = true,
            description = "Record every statement the pools send into DIR (set by bench replay).")
    Path capture;

    @Option(
            names = ChildStartup.CAPTURE_PROTOCOL,
            paramLabel = "simple|prepared",
            hidden = true,
            defaultValue = "prepared",
            converter = CaptureProtocols.class,
            description = "How the recorded statements are written.")
    StatementCapture.Protocol captureProtocol;

    @Override
    public Integer call() throws InterruptedException {
        SdbenchConfig c = process.load();
        var a = c.appServer();
        String centralText = central != null ? central : a.central();
        HostAndPort centralAddress = centralAddress(centralText);
        if (instance < 1 || instance > 99) {
            throw new ConfigException("'--instance' = " + instance + " is not allowed: 1 to 99");
        }
        String host = advertise != null ? advertise : a.listen();
        InstanceLifecycle.serve(c, process, instance, centralAddress, host, capture, captureProtocol);
        return ExitCode.OK;
    }

    private static HostAndPort centralAddress(String text) {
        try {
            HostAndPort a = HostAndPort.parse("--central", text);
            if (a.port() > 0) {
                return a;
            }
        } catch (ConfigException e) {
            // reported below with what --central allows
        }
        throw new ConfigException("'--central' = '" + text + "' is not allowed: host:port of the central services");
    }
}
