package org.sdbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.ConfigException;
import org.sdbench.core.EnvironmentException;
import org.sdbench.report.AtomicFiles;
import org.sdbench.report.Json;
import org.sdbench.report.RunFolder;
import org.sdbench.report.compare.CompareResult;
import org.sdbench.report.compare.CompareText;
import org.sdbench.report.compare.Comparer;
import org.sdbench.report.html.CompareHtml;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description =
                "Compare run folders side by side: key figures with deltas against the first run and a noise band from the per-interval data, the configuration and DB-settings differences, and an HTML page with the time series overlaid. The DB parameter tuning workflow: did the setting help, by how much?")
final class CompareCommand implements Callable<Integer> {
    @Parameters(
            arity = "0..*",
            paramLabel = "RUN_FOLDER",
            description =
                    "Two or more run folders, one run per side; the first is the baseline. The noise band is then "
                            + "within-run only: a delta outside it reads 'needs runs'.")
    List<Path> folders = new ArrayList<>();

    @Option(
            names = "--side",
            paramLabel = "FOLDER,FOLDER[,...]",
            description =
                    "Instead of RUN_FOLDERs: one side of 2 or more runs of one setting, repeatable; the first side "
                            + "is the baseline. Each run is one sample: run-level intervals and better/worse verdicts.")
    List<String> sides = new ArrayList<>();

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description =
                    "Where to write the comparison page (default: compare-<time>.html next to the first run folder).")
    Path html;

    @Option(names = "--json", description = "Print the comparison as JSON (machine output) instead of the table.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<List<Path>> grouped = grouped();
        for (List<Path> side : grouped) {
            for (Path f : side) {
                if (!Files.isDirectory(f)) {
                    throw new ConfigException(
                            "'" + f + "' is not a directory: give run folders such as results/20250101-120000-quick");
                }
            }
        }
        List<List<RunFolder.Loaded>> loaded = grouped.stream()
                .map(side -> side.stream().map(RunFolder::read).toList())
                .toList();
        CompareResult c = Comparer.compareSides(loaded);
        List<RunFolder.Loaded> runs = loaded.stream().map(side -> side.get(0)).toList();
        Path page = html != null ? html : defaultPage(grouped.get(0).get(0));
        try {
            AtomicFiles.writeString(page, CompareHtml.render(c, runs));
        } catch (IOException e) {
            throw new EnvironmentException(
                    "writing " + page + " failed (" + e.getMessage() + "): choose another --html FILE");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            try {
                out.println(Json.MAPPER.writeValueAsString(c));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("the comparison cannot be written as JSON", e);
            }
        } else {
            CompareText.print(c, out);
            out.println("comparison: " + page.toAbsolutePath());
        }
        out.flush();
        return ExitCode.OK;
    }

    /** The sides: --side lists, or one run per side from the positional folders. */
    private List<List<Path>> grouped() {
        if (!sides.isEmpty() && !folders.isEmpty()) {
            throw new ConfigException(
                    "'--side' and RUN_FOLDER arguments are not allowed together: give every run with --side");
        }
        List<List<Path>> out = sides.isEmpty()
                ? folders.stream().map(List::of).toList()
                : sides.stream()
                        .map(s -> Arrays.stream(s.split(","))
                                .map(String::strip)
                                .filter(x -> !x.isEmpty())
                                .map(Path::of)
                                .toList())
                        .toList();
        if (out.size() < 2) {
            throw new ConfigException(
                    "compare needs two or more sides: RUN_FOLDER RUN_FOLDER..., or --side A1,A2 --side B1,B2");
        }
        return out;
    }

    private static Path defaultPage(Path firstRun) {
        Path parent = firstRun.toAbsolutePath().getParent();
        String stamp = LocalDateTime.now().format(RunFolder.STAMP);
        return (parent == null ? Path.of(".") : parent).resolve("compare-" + stamp + ".html");
    }
}
