package org.sdbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.report.RunFolder;
import org.sdbench.report.ThresholdResult;
import org.sdbench.report.html.RunHtml;
import org.sdbench.report.threshold.Thresholds;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description =
                "Rebuild report.html of a run folder from its result.json and intervals.csv (and environment.json when present). With --threshold, check the run against new criteria: exit code 1 when one fails.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "RUN_FOLDER",
            description = "A run folder, e.g. results/20250101-120000-quick.")
    Path folder;

    @Option(
            names = "--threshold",
            paramLabel = "EXPR",
            description = "Criterion as in 'sdbench run --threshold', repeatable.")
    List<String> thresholds = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var parsed = Thresholds.parse(thresholds);
        var run = RunFolder.read(folder);
        PrintWriter out = spec.commandLine().getOut();
        Path html = RunHtml.rebuild(run);
        out.println("report: " + html.toAbsolutePath());
        if (parsed.isEmpty()) {
            out.flush();
            return ExitCode.OK;
        }
        List<ThresholdResult> results = Thresholds.evaluate(parsed, run.report());
        results.forEach(r -> out.println("threshold     " + r.describe()));
        out.flush();
        return Thresholds.allPassed(results) ? ExitCode.OK : ExitCode.FAILED_CHECK;
    }
}
