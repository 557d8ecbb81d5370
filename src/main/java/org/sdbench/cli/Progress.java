package org.sdbench.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.sdbench.appserver.AppServerSystem;
import org.sdbench.driver.Driver;
import org.sdbench.metrics.Clock;
import org.sdbench.metrics.Interval;

/** One progress line per interval while a run goes on. */
final class Progress {
    private final PrintWriter out;
    private final Driver driver;
    private final AppServerSystem system;
    private final Clock clock;

    Progress(PrintWriter out, Driver driver, AppServerSystem system, Clock clock) {
        this.out = out;
        this.driver = driver;
        this.system = system;
        this.clock = clock;
    }

    void interval(Interval i) {
        var p = driver.phases();
        long now = clock.nanoTime();
        int queue = system.instances().stream().mapToInt(x -> x.updateTask().queueLength()).sum();
        out.printf(Locale.ROOT, "[%-11s %5.0f s / %.0f s] users %5d  %,9.0f DS/h  avg %7.1f ms  p95 %7.1f ms  errors %d  update queue %d%n",
                p.phaseAt(now).label(), (now - p.startNanos()) / 1e9, (p.end() - p.startNanos()) / 1e9, driver.loggedOn(),
                i.dialogStepsPerHour(), i.avgMs(), i.p95Ms(), i.errors(), queue);
        out.flush();
    }
}
