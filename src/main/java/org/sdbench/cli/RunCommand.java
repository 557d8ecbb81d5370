package org.sdbench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "run", mixinStandardHelpOptions = true, description = "placeholder")
final class RunCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return ExitCode.USAGE;
    }
}
