package org.sdbench.apptier;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.DialogService;
import org.sdbench.protocol.InstanceFigures;

/**
 * The seam between the one run lifecycle ({@code run.RunEngine}) and where the app tier runs: in
 * this process (two-tier, {@link InProcessAppTier}) or in app-server processes reached over
 * TCP (three-tier, {@code remote.RemoteAppTier}). The engine asks for facts; every figure is
 * computed from them in one place ({@code run.ReportFigures}).
 */
public interface AppTier extends AutoCloseable {
    /** What every layout's tier is opened with. */
    record Setup(SdbenchConfig config, Database db, RunFiles files, RunMetrics metrics, Clock clock, PrintWriter out) {}

    /** True when this process's own database connections go through the emulated app-to-DB link. */
    default boolean routesDatabase() {
        return false;
    }

    /**
     * Brings the tier up to the point where users may log on; returns the update requests an
     * earlier run left in VBHDR that the tier processed first.
     */
    int start(PrintWriter out) throws InterruptedException;

    /** The users' way into the tier during this run. */
    DialogService dialogs(Phases phases);

    /** How the tier is set up, for the run's start line. */
    String describe();

    /**
     * Every instance's totals: read now (two-tier) or as the app servers' last stats replies gave
     * them, pulled at every harvest (three-tier). Every figure of the instances is derived from these,
     * once for both layouts; after {@link #drain} or {@link #abandon} they are the final ones.
     */
    List<InstanceFigures> instances();

    /** Update requests queued now (three-tier: at the last harvest), over all instances. */
    default int updateQueue() {
        return (int) InstanceFigures.sum(instances(), i -> i.queues().update());
    }

    /** Calls {@code stop} once when the tier cannot go on (database outage, central services gone). */
    void onFailure(Runnable stop);

    /** Ends the tier's work, draining update tasks for at most {@code bound}; true when all drained. */
    boolean drain(Duration bound) throws InterruptedException;

    /**
     * Instead of {@link #drain}, when steps stayed unanswered past the run's drain (a stalled
     * database or app server): releases what the tier holds without waiting for work that may never
     * end. Nothing drained.
     */
    void abandon();

    /** Why the tier stopped the run (exit 3), or null. */
    String failure();

    /** The processes of a tier that runs elsewhere (three-tier section), or null in this process. */
    RemoteFacts remote();

    /** The links the tier emulates, for the report's network section. */
    TierNetwork network();

    @Override
    void close();
}
