package org.sdbench.run;

import java.io.PrintWriter;
import java.time.Duration;
import org.sdbench.appserver.AppTierView;
import org.sdbench.metrics.Phases;
import org.sdbench.network.RoundTrip;
import org.sdbench.protocol.DialogService;
import org.sdbench.report.BufferWindow;
import org.sdbench.report.RunReport;
import org.sdbench.report.RunReportAssembler;
import org.sdbench.report.TableBufferFigures;

/**
 * The seam between the one run lifecycle ({@link RunEngine}) and where the app tier runs: in this
 * process (two-tier, {@link InProcessAppTier}) or in app-server processes reached over TCP
 * (three-tier, {@link RemoteAppTier}). The engine asks for facts; every figure is computed from
 * them in one place ({@link ReportFigures}).
 */
interface AppTier extends AutoCloseable {
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

    /** The tier's live figures for the metrics endpoint. */
    AppTierView view();

    /** Update requests queued now, over all instances. */
    int updateQueue();

    /** Counts the window's table-buffer reads from the tier's running totals. */
    BufferWindow bufferWindow();

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

    /** The instances' totals, added up; after {@link #drain} or {@link #abandon}. */
    RunReportAssembler.Figures figures();

    /** The table buffers' whole-run figures with the window's reads from {@code window}. */
    TableBufferFigures tableBuffer(BufferWindow window, long capacityPerInstance);

    /** Why the tier stopped the run (exit 3), or null. */
    String failure();

    /** The processes of a tier that runs elsewhere (three-tier section), or null in this process. */
    RemoteFacts remote();

    /** The emulated hops as the report names them. */
    RunReport.Network network(RoundTrip dbRoundTrip);

    @Override
    void close();
}
