package org.sdbench.cli;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.sdbench.central.CentralServices;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.protocol.wire.Wire;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "central",
        mixinStandardHelpOptions = true,
        description =
                "Central services of a three-tier system: the message server (app-server registry, logon balancing over the logon group) and the enqueue server (the system's lock table), as one process. Listens on loopback unless appServer.listen says otherwise. Every peer proves the token: the run's own (in the environment of processes a run starts), else appServer.tokenFile, else this user's owner-only wire-token file in the state home.")
final class CentralCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Mixin
    ProcessOptions process;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        SdbenchConfig c = options.load(List.of());
        var a = c.appServer();
        CountDownLatch stop = new CountDownLatch(1);
        // The process's one wire: its liveness bounds read here, once.
        Wire wire = Wire.of(null);
        try (CentralServices central = ChildProcessSupport.environment(() -> CentralServices.start(
                wire,
                a.listen(),
                process.port,
                ChildProcessSupport.token(a.tokenFile()),
                Clock.SYSTEM,
                ChildProcessSupport::log))) {
            Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown, "central-stop"));
            ChildProcessSupport.watchParent(process.parentWatch, stop::countDown);
            ChildProcessSupport.ready(spec.commandLine().getOut(), "central", central.port());
            stop.await();
        }
        return ExitCode.OK;
    }
}
