package org.sdbench.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.appserver.transaction.SdTransactions;
import org.sdbench.appserver.update.UpdateRepost;
import org.sdbench.check.Audit;
import org.sdbench.check.Audits;
import org.sdbench.check.Problem;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.db.SchemaInstaller;
import org.sdbench.db.SqlErrors;
import org.sdbench.load.LoadMarker;
import org.sdbench.process.ConfigOptions;
import org.sdbench.process.ExitCode;
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
        PrintWriter out = spec.commandLine().getOut();
        List<Problem> problems = new ArrayList<>();
        List<String> names = new ArrayList<>();
        String where;
        try (Database db = Database.open(c.database(), false)) {
            where = "schema '" + db.schema() + "' of " + db.describe();
            new SchemaInstaller(db).requireInstalled();
            LoadMarker.requireComplete(db);
            if (repost) {
                repost(db, out);
            }
            for (Audit a : audits) {
                names.add(a.name());
                try {
                    problems.addAll(a.run(db));
                } catch (SQLException e) {
                    throw new EnvironmentException(
                            "audit " + a.name() + " could not read " + where + ": " + SqlErrors.firstLine(e));
                }
            }
        }
        problems.forEach(p -> out.println(p.line()));
        if (!problems.isEmpty()) {
            out.printf("check failed: %d problem(s) in %s%n", problems.size(), where);
            return ExitCode.FAILED_CHECK;
        }
        out.printf("check passed: %s in %s%n", String.join(", ", names), where);
        return ExitCode.OK;
    }

    private static void repost(Database db, PrintWriter out) {
        try {
            var r = UpdateRepost.run(
                    db.pool("repost", 2), db.dialect(), SdTransactions.updateModules(), Duration.ofMinutes(2));
            out.printf(
                    "re-posted %d failed and %d pending update requests: %d failed again, %d still pending%n",
                    r.reposted(), r.foundPending(), r.failedAgain(), r.stillPending());
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "could not re-post update requests in schema '" + db.schema() + "': " + SqlErrors.firstLine(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EnvironmentException("interrupted while re-posting update requests");
        }
    }
}
