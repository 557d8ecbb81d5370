package org.sdbench.report;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.measure.metrics.Interval;
import org.sdbench.measure.metrics.Phases;

/** Collects the rows of intervals.csv as the driver harvests them (called on the reporter thread). */
public final class TimeSeries {
    private final Phases phases;
    private final List<IntervalRow> rows = new ArrayList<>();

    public TimeSeries(Phases phases) {
        this.phases = phases;
    }

    /** Adds one harvested interval with the users and update queue sampled right after it. */
    public IntervalRow add(Interval i, int users, int updateQueue) {
        // The span's own phase, not the phase at "now": the harvest at a boundary comes a little after
        // it and ends the previous phase. Spans never straddle a boundary, so their midpoint is inside.
        String phase = i.inWindow()
                ? Phases.Phase.MEASUREMENT.label()
                : phases.phaseAt(i.startNanos() + (i.endNanos() - i.startNanos()) / 2)
                        .label();
        IntervalRow row = new IntervalRow(
                i.wallMillis(),
                (i.endNanos() - phases.startNanos()) / 1e9,
                i.seconds(),
                phase,
                i.inWindow(),
                users,
                i.steps(),
                i.errors(),
                i.dialogStepsPerHour(),
                i.avgMs(),
                i.p95Ms(),
                i.maxMs(),
                i.avg(),
                i.lineItems(),
                i.updates(),
                i.updateQueueMax(),
                updateQueue,
                i.thinkLagP95Ms());
        synchronized (rows) {
            rows.add(row);
        }
        return row;
    }

    public List<IntervalRow> rows() {
        synchronized (rows) {
            return List.copyOf(rows);
        }
    }
}
