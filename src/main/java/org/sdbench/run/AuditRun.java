package org.sdbench.run;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.apptier.instance.transaction.SdTransactions;
import org.sdbench.apptier.instance.update.UpdateRepost;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;
import org.sdbench.database.SqlErrors;
import org.sdbench.database.check.Audit;
import org.sdbench.database.check.Problem;
import org.sdbench.database.load.LoadMarker;

/** The check command's lifecycle: the audits run on one loaded schema, one line per problem. */
public final class AuditRun {
    private AuditRun() {}

    /**
     * Runs {@code audits} on the schema of {@code c} and prints their problems and the verdict;
     * true when there were none.
     *
     * @param repost first put failed update requests back to pending and process them
     */
    public static boolean run(SdbenchConfig c, List<Audit> audits, boolean repost, PrintWriter out) {
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
            return false;
        }
        out.printf("check passed: %s in %s%n", String.join(", ", names), where);
        return true;
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
