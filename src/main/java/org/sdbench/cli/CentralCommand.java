package org.sdbench.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.sdbench.apptier.central.CentralServices;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.apptier.process.ProcessOptions;
import org.sdbench.apptier.process.ProcessSupport;
import org.sdbench.core.Clock;
import org.sdbench.protocol.ChildStartup;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.wire.Wire;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(
        name = Role.CENTRAL,
        mixinStandardHelpOptions = true,
        description =
                "Central services of a three-tier system: the message server (app-server registry, logon balancing over the logon group) and the enqueue server (the system's lock table), as one process. Listens on loopback unless appServer.listen says otherwise. Every peer proves the token: the run's own (in the environment of processes a run starts), else appServer.tokenFile, else this user's owner-only wire-token file in the state home.")
final class CentralCommand implements Callable<Integer> {
    @Mixin
    ProcessOptions process;

    @Override
    public Integer call() throws InterruptedException {
        var a = process.load().appServer();
        CountDownLatch stop = new CountDownLatch(1);
        // The process's one wire: its liveness bounds read here, once.
        Wire wire = Wire.of(null);
        try (CentralServices central = ProcessSupport.environment(() -> CentralServices.start(
                wire,
                a.listen(),
                process.port,
                ProcessSupport.token(a.tokenFile()),
                a.connectTimeout(),
                Clock.SYSTEM,
                ProcessSupport::log))) {
            Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown, "central-stop"));
            process.watchParent(stop::countDown);
            process.ready(ChildStartup.CENTRAL, central.port());
            stop.await();
        }
        return ExitCode.OK;
    }
}
