package org.sdbench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "check", mixinStandardHelpOptions = true, description = "placeholder")
final class CheckCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return ExitCode.USAGE;
    }
}
