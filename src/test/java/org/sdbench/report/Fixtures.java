package org.sdbench.report;

import java.util.List;
import org.sdbench.core.SdStep;
import org.sdbench.core.SettableClock;
import org.sdbench.database.load.TestDb;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;

/** A small, fully known run report built without a database: every step 10 ms, one failed step. */
final class Fixtures {
    private static final long MS = 1_000_000L;

    private Fixtures() {}

    static RunReport report() {
        SettableClock clock = new SettableClock();
        RunMetrics m = new RunMetrics(clock);
        StepTimes t = new StepTimes(MS, 0, 2 * MS, 5 * MS, 3, 0, 0, 0, 0, 7);
        for (int loop = 0; loop < 100; loop++) {
            for (SdStep s : SdStep.values()) {
                m.record(new StepResult(s, StepOutcome.Ok.INSTANCE, t, s == SdStep.VF01_SAVE ? 5 : 0), 10 * MS);
            }
        }
        clock.set(60_000 * MS);
        m.interval(true);
        var c = TestDb.config("fixture");
        var app = new RunReport.AppTier(1, 4, 2, null, 0, 0, 0, 1, 0, 0, 0, 0, 0);
        var rel = new RunReport.Reliability(0, 0, 0, true, 0, 0, false, 0, 0);
        return RunReport.of(
                c,
                "test",
                "2025-01-01T00:00",
                "none",
                m.summary(),
                app,
                rel,
                new RunReport.Timeline(0, 60, 0, 10),
                null,
                null,
                List.of());
    }
}
