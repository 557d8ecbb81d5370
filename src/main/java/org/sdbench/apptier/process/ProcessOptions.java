package org.sdbench.apptier.process;

import java.util.List;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.protocol.ChildStartup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** What the three-tier processes' commands ('central', 'appserver') share: their options and the ready line. */
public final class ProcessOptions {
    @Mixin
    public ConfigOptions options;

    @Option(
            names = ChildStartup.PORT,
            paramLabel = "PORT",
            converter = Addresses.ListenPort.class,
            description = "TCP port to listen on (0 = any free port; the 'ready' line names it).")
    public int port;

    @Option(
            names = ChildStartup.PARENT_WATCH,
            description = "Exit when standard input closes (set by 'sdbench run', which starts this process).")
    public boolean parentWatch;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The configuration the process runs with: its files and overrides, as every command reads them. */
    public SdbenchConfig load() {
        return options.load(List.of());
    }

    /** Ends the process ({@code onParentGone}) when the run that started it ends, with --parent-watch. */
    public void watchParent(Runnable onParentGone) {
        ProcessSupport.watchParent(parentWatch, onParentGone);
    }

    /** Tells the parent the process is up, listening on {@code listening}. */
    public void ready(String role, int listening) {
        ProcessSupport.ready(spec.commandLine().getOut(), role, listening);
    }
}
