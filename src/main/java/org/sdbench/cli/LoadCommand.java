package org.sdbench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "load", mixinStandardHelpOptions = true, description = "placeholder")
final class LoadCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return ExitCode.USAGE;
    }
}
