package org.sdbench.cli;

import picocli.CommandLine.Option;

/** Options of the three-tier processes ('central', 'appserver'). */
final class ProcessOptions {
    @Option(
            names = "--port",
            paramLabel = "PORT",
            converter = Addresses.ListenPort.class,
            description = "TCP port to listen on (0 = any free port; the 'ready' line names it).")
    int port;

    @Option(
            names = "--parent-watch",
            description = "Exit when standard input closes (set by 'sdbench run', which starts this process).")
    boolean parentWatch;
}
