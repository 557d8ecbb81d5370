package org.sdbench.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.check.Audit;
import org.sdbench.database.check.Audits;
import org.sdbench.run.AuditRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = "Audit the database: master data as loaded, and consistency after runs. Prints one line per "
                + "problem; exit 1 when there are any.")
final class CheckCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Spec
    CommandSpec spec;

    @picocli.CommandLine.Option(
            names = "--repost",
            description = "First put failed update requests (VBHDR state E) "
                    + "back to pending and process them, as SAP's SM13 'repeat update' does, together with requests a stopped "
                    + "run left pending. Fix the cause first, and run it while no run uses the schema.")
    boolean repost;

    /** The audits to run; package-private so tests can plug in others. */
    List<Audit> audits = Audits.standard();

    @Override
    public Integer call() {
        SdbenchConfig c = options.load();
        return AuditRun.run(c, audits, repost, spec.commandLine().getOut()) ? ExitCode.OK : ExitCode.FAILED_CHECK;
    }
}
