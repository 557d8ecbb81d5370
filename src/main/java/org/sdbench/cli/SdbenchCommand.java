package org.sdbench.cli;

import java.io.PrintWriter;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Numbers;
import org.sdbench.core.EnvironmentException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(
        name = "sdbench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description =
                "SAP SD-style workload simulator: virtual users run the order-to-invoice loop through a simulated application-server tier against a real database. Figures are SAPS-like, not certified SAP benchmark results.",
        subcommands = {
            PlanCommand.class,
            LoadCommand.class,
            CheckCommand.class,
            RunCommand.class,
            SweepCommand.class,
            ReportCommand.class,
            AppserverCommand.class,
            CentralCommand.class,
            CustomizingCommand.class,
            CompareCommand.class,
            ExperimentCommand.class,
            BenchCommand.class,
            CalibrateCommand.class,
            RelayCommand.class,
            NipingCommand.class,
            CommandLine.HelpCommand.class
        })
public final class SdbenchCommand implements Runnable {

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this), "a command is required (plan, load, run, check)");
    }

    /** The key a refused option value is first named by, before {@link #message} names the option. */
    private static final String VALUE = "value";

    /** Runs the command line and maps every failure to one line and a documented exit code. */
    public static int execute(String... args) {
        return execute(new CommandLine(new SdbenchCommand()), args);
    }

    /** As {@link #execute(String...)}, with the command's output and error lines written to {@code out} and {@code err}. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new SdbenchCommand());
        cl.setOut(out);
        cl.setErr(err);
        return execute(cl, args);
    }

    private static int execute(CommandLine cl, String... args) {
        // Every numeric option and parameter of every command reads its value by the configuration's rule.
        cl.registerConverter(Integer.class, t -> Numbers.parseInt(VALUE, t));
        cl.registerConverter(int.class, t -> Numbers.parseInt(VALUE, t));
        cl.registerConverter(Long.class, t -> Numbers.parseLong(VALUE, t));
        cl.registerConverter(long.class, t -> Numbers.parseLong(VALUE, t));
        cl.registerConverter(Double.class, t -> Numbers.parseDouble(VALUE, t));
        cl.registerConverter(double.class, t -> Numbers.parseDouble(VALUE, t));
        cl.setExecutionExceptionHandler(SdbenchCommand::onException);
        cl.setParameterExceptionHandler((ex, a) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("sdbench: " + message(ex) + " (see '"
                    + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return ExitCode.USAGE;
        });
        return cl.execute(args);
    }

    /** A value an option's converter refused reads like a refused configuration key: name, value, what is allowed. */
    private static String message(CommandLine.ParameterException ex) {
        if (ex.getCause() instanceof ConfigException c
                && c.allowed() != null
                && ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o) {
            return "'" + o.longestName() + "' = '" + ex.getValue() + "' is not allowed: " + c.allowed();
        }
        return ex.getMessage();
    }

    private static int onException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        if (ex instanceof ConfigException) {
            err.println("sdbench: " + ex.getMessage());
            alsoFailed(ex, err);
            return ExitCode.USAGE;
        }
        if (ex instanceof EnvironmentException) {
            err.println("sdbench: " + ex.getMessage());
            alsoFailed(ex, err);
            return ExitCode.ENVIRONMENT;
        }
        if (ex instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            err.println("sdbench: interrupted");
            return ExitCode.INTERRUPTED;
        }
        err.println("sdbench: internal error (a bug, please report it with this trace): " + ex);
        ex.printStackTrace(err);
        return 70;
    }

    /**
     * What failed while cleaning up after the first failure (a setting that could not be put back):
     * try-with-resources keeps it as a suppressed exception, and the user must read it.
     */
    private static void alsoFailed(Exception ex, PrintWriter err) {
        for (Throwable t : ex.getSuppressed()) {
            if (t instanceof EnvironmentException || t instanceof ConfigException) {
                err.println("sdbench: also: " + t.getMessage());
            }
        }
    }
}
