package org.sdbench.measure.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.sdbench.core.Clock;
import org.sdbench.core.SdStep;
import org.sdbench.core.Tx;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;

/**
 * The measurements of one run. Any number of threads record concurrently without allocating: a
 * platform thread (a work process, the think timer) into a {@link RecordBuffer} of its own, a virtual
 * thread wait-free into the shared HdrHistogram Recorders and LongAdders. One reporter thread calls
 * {@link #interval(boolean)} at every interval tick and at every phase boundary: that drains what
 * was recorded since the previous call into an {@link Interval} and, when the span belonged to the
 * measurement window, into the window totals that {@link #summary()} reports. Ramp-up and
 * ramp-down therefore show in the time series but never in the summary.
 */
public final class RunMetrics {

    private static final SdStep[] STEPS = SdStep.values();
    /** Platform threads with a buffer of their own; any further one records into the shared recorders. */
    static final int MAX_BUFFERS = 64;

    private final Clock clock;
    private final StepRecorder[] live = new StepRecorder[STEPS.length];
    private final ConcurrentHashMap<String, LongAdder> liveErrors = new ConcurrentHashMap<>();
    private final Recorder liveThinkLag = Histograms.recorder();
    private final UpdateFigures updates = new UpdateFigures();
    private volatile StepObserver observer = StepObserver.NONE;
    private volatile Runnable beforeHarvest = () -> {};
    private final Recorder liveServerResponse = Histograms.recorder();
    private final LongAdder liveServerResponseNs = new LongAdder();
    private final Histogram windowServerResponse = Histograms.histogram();
    private long windowServerResponseNs;
    private final CopyOnWriteArrayList<RecordBuffer> buffers = new CopyOnWriteArrayList<>();
    /** Null for a thread that came after {@link #MAX_BUFFERS} others. */
    private final ThreadLocal<RecordBuffer> ownBuffer = ThreadLocal.withInitial(this::newBuffer);

    private final RecordBuffer.Sink toRecorders = new RecordBuffer.Sink() {
        @Override
        public void response(int stepType, long micros) {
            live[stepType].recordResponse(micros);
        }

        @Override
        public void thinkLag(long micros) {
            liveThinkLag.recordValue(micros);
        }

        @Override
        public void sums(int stepType, long[] sums) {
            live[stepType].addSums(sums);
        }
    };

    /** Everything below is touched only under {@code harvest}. */
    private final ReentrantLock harvest = new ReentrantLock();

    private final Totals[] window = new Totals[STEPS.length];
    private final Map<String, Long> windowErrors = new TreeMap<>();
    private final Set<Integer> stuckUsers = new ConcurrentSkipListSet<>();
    private final Histogram windowThinkLag = Histograms.histogram();
    private long windowNs;
    private long lastHarvestNs;
    private final Histogram scratch = Histograms.histogram();
    private final Histogram intervalAll = Histograms.histogram();
    private final long[] scratchSums = new long[Sum.COUNT];
    private final long[] intervalSums = new long[Sum.COUNT];

    public RunMetrics(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        for (int i = 0; i < STEPS.length; i++) {
            live[i] = new StepRecorder();
            window[i] = new Totals();
        }
        lastHarvestNs = clock.nanoTime();
    }

    /** Adds a live observer (one at a time; {@link StepObserver#NONE} removes it). */
    public void observe(StepObserver o) {
        observer = Objects.requireNonNull(o, "observer");
    }

    /** One dialog step as the user saw it; {@code responseNs} from send to answer. */
    public void record(StepResult r, long responseNs) {
        int type = r.step().ordinal();
        boolean ok = r.outcome().ok();
        RecordBuffer b = buffer();
        if (b != null) {
            b.step(type, r.times(), responseNs, ok, r.lineItemsCompleted(), toRecorders);
        } else {
            live[type].record(r.times(), responseNs, ok, r.lineItemsCompleted());
        }
        if (!ok) {
            liveErrors.computeIfAbsent(r.outcome().kind(), k -> new LongAdder()).increment();
        }
        observer.step(r.step(), ok, responseNs, r.times());
    }

    /**
     * A step the run stopped waiting for at its end (no answer within the drain): one more error
     * of its step type, in the window when it was sent in the window; its response time is unknown.
     */
    public void recordUnanswered(SdStep step, StepOutcome outcome, boolean inWindow) {
        if (!inWindow) {
            return;
        }
        harvest.lock();
        try {
            window[step.ordinal()].sums[Sum.ERRORS.ordinal()]++;
            windowErrors.merge(outcome.kind(), 1L, Long::sum);
        } finally {
            harvest.unlock();
        }
    }

    /**
     * A user's step sent before the window and still unanswered at its end: one more timeout of its
     * step type in the window, with the time it waited so far as its response time (a lower bound),
     * and its user among {@link Summary#stuckUsers()}. Call it from the reporter, before the harvest
     * of the window's last span.
     */
    public void recordStuck(int userNo, SdStep step, long waitedNs) {
        stuckUsers.add(userNo);
        record(new StepResult(step, STUCK, StepTimes.ZERO, 0), waitedNs);
    }

    private static final StepOutcome STUCK = new StepOutcome.Timeout("no answer since before the window started");

    /** How late a user started a step against its think-time schedule (0 when on time). */
    public void recordThinkLag(long lagNs) {
        RecordBuffer b = buffer();
        if (b != null) {
            b.thinkLag(lagNs, toRecorders);
        } else {
            liveThinkLag.recordValue(Histograms.micros(lagNs));
        }
    }

    /**
     * The calling thread's buffer; none for a virtual thread, which would leave one behind per turn
     * (a user's turn is a new virtual thread), nor past {@link #MAX_BUFFERS}.
     */
    private RecordBuffer buffer() {
        return Thread.currentThread().isVirtual() ? null : ownBuffer.get();
    }

    private RecordBuffer newBuffer() {
        if (buffers.size() >= MAX_BUFFERS) {
            return null;
        }
        RecordBuffer b = new RecordBuffer(STEPS.length);
        buffers.add(b);
        return b;
    }

    /** One update request whose V1 part committed. */
    public void recordUpdate(long saveToCommittedNs, long v1DbNs, long v2DbNs) {
        updates.committed(saveToCommittedNs, v1DbNs, v2DbNs);
        observer.update(saveToCommittedNs, v1DbNs);
    }

    /**
     * Line items fully processed: their loop's invoice update committed. Credited to VF01/save,
     * the step whose update completes the loop.
     */
    public void recordLineItemsCompleted(int n) {
        live[SdStep.VF01_SAVE.ordinal()].addLineItems(n);
    }

    /** The V2 (statistics) part of an update request, committed separately from V1. */
    public void recordUpdateV2(long v2DbNs) {
        updates.v2(v2DbNs);
    }

    /**
     * Update figures another process (an app server) recorded in one of its intervals: its
     * save-to-committed histogram is added as it is, so percentiles stay exact across processes.
     */
    public void mergeRemoteUpdates(
            Histogram saveToCommittedUs, long v1DbNs, long v2DbNs, long failed, long lineItems, long queueMax) {
        observer.remoteUpdates(saveToCommittedUs, v1DbNs);
        updates.remote(saveToCommittedUs, v1DbNs, v2DbNs, failed, queueMax);
        if (lineItems > 0) {
            recordLineItemsCompleted((int) Math.min(Integer.MAX_VALUE, lineItems));
        }
    }

    /**
     * The response time of a successful step as its app server measured it (dispatcher arrival to
     * reply, SAP's criterion); three-tier only, where the driver's own figure adds the network.
     */
    public void recordServerResponse(long ns) {
        liveServerResponse.recordValue(Histograms.micros(ns));
        liveServerResponseNs.add(ns);
    }

    /** App-server response time of the window's successful steps; empty unless three-tier. */
    public Latency serverResponse() {
        harvest.lock();
        try {
            return Latency.of(windowServerResponse, windowServerResponse.getTotalCount(), windowServerResponseNs);
        } finally {
            harvest.unlock();
        }
    }

    /** Runs at the start of every harvest: where figures recorded in other processes are fetched. */
    public void beforeHarvest(Runnable r) {
        beforeHarvest = Objects.requireNonNull(r, "beforeHarvest");
    }

    /** An update request that failed (its documents stay incomplete). */
    public void recordUpdateError() {
        updates.failed();
    }

    /** A sample of an update queue's length; the maximum per interval and window is kept. */
    public void recordUpdateQueueLength(long length) {
        updates.queueLength(length);
    }

    /**
     * Drains everything recorded since the previous call. Call it at each interval tick and at each
     * phase boundary, with {@code inWindow} telling whether the span just ended was measurement.
     */
    public Interval interval(boolean inWindow) {
        beforeHarvest.run();
        harvest.lock();
        try {
            for (RecordBuffer b : buffers) {
                b.drainInto(toRecorders);
            }
            long now = clock.nanoTime();
            long start = lastHarvestNs;
            lastHarvestNs = now;
            intervalAll.reset();
            long steps = 0;
            long responseNs = 0;
            long errors = 0;
            long lineItems = 0;
            Arrays.fill(intervalSums, 0);
            for (int i = 0; i < STEPS.length; i++) {
                live[i].drainInto(scratch, scratchSums);
                intervalAll.add(scratch);
                for (int k = 0; k < Sum.COUNT; k++) {
                    intervalSums[k] += scratchSums[k];
                }
                steps += scratchSums[Sum.STEPS.ordinal()];
                responseNs += scratchSums[Sum.RESPONSE_NS.ordinal()];
                errors += scratchSums[Sum.ERRORS.ordinal()];
                lineItems += scratchSums[Sum.LINE_ITEMS.ordinal()];
                if (inWindow) {
                    window[i].add(scratch, scratchSums);
                }
            }
            Latency response = Latency.of(intervalAll, steps + errors, responseNs);
            drainErrors(inWindow);
            liveThinkLag.getIntervalHistogramInto(scratch);
            double lagP95 = scratch.getTotalCount() == 0 ? 0 : scratch.getValueAtPercentile(95) / 1_000.0;
            if (inWindow) {
                windowThinkLag.add(scratch);
            }
            long committed = updates.drain(inWindow, scratch);
            liveServerResponse.getIntervalHistogramInto(scratch);
            long serverNs = liveServerResponseNs.sumThenReset();
            if (inWindow) {
                windowServerResponse.add(scratch);
                windowServerResponseNs += serverNs;
            }
            long queueMax = updates.drainQueueMax(inWindow);
            if (inWindow) {
                windowNs += now - start;
            }
            return new Interval(
                    start,
                    now,
                    clock.wallMillis(),
                    inWindow,
                    steps,
                    errors,
                    response.avgMs(),
                    response.p95Ms(),
                    response.maxMs(),
                    lineItems,
                    committed,
                    queueMax,
                    lagP95,
                    components(intervalSums, steps + errors));
        } finally {
            harvest.unlock();
        }
    }

    private static Components components(long[] sums, long steps) {
        if (steps == 0) {
            return Interval.NO_COMPONENTS;
        }
        double n = steps * 1e6;
        return new Components(
                sums[Sum.WAIT_NS.ordinal()] / n,
                sums[Sum.ROLL_IN_NS.ordinal()] / n,
                sums[Sum.CPU_NS.ordinal()] / n,
                sums[Sum.DB_NS.ordinal()] / n,
                sums[Sum.ENQUEUE_NS.ordinal()] / n,
                sums[Sum.NUMBER_RANGE_NS.ordinal()] / n,
                sums[Sum.UPDATE_WAIT_NS.ordinal()] / n,
                sums[Sum.ROLL_OUT_NS.ordinal()] / n);
    }

    private void drainErrors(boolean inWindow) {
        for (Map.Entry<String, LongAdder> e : liveErrors.entrySet()) {
            long n = e.getValue().sumThenReset();
            if (inWindow && n != 0) {
                windowErrors.merge(e.getKey(), n, Long::sum);
            }
        }
    }

    /** Steps in the window that a user started more than {@link Summary#LATE_STEP_MS} behind its schedule. */
    private long lateSteps() {
        // Start above the histogram bucket that holds exactly the limit, so "on the limit" is not late.
        long from = windowThinkLag.nextNonEquivalentValue((long) (Summary.LATE_STEP_MS * 1000));
        return windowThinkLag.getTotalCount() == 0 || windowThinkLag.getMaxValue() < from
                ? 0
                : windowThinkLag.getCountBetweenValues(from, Histograms.HIGHEST_MICROS);
    }

    /** The measurement window so far (only spans harvested with {@code inWindow = true}). */
    public Summary summary() {
        harvest.lock();
        try {
            List<StepStats> steps = new ArrayList<>(STEPS.length);
            Map<Tx, Totals> byTx = new EnumMap<>(Tx.class);
            Totals all = new Totals();
            for (SdStep step : STEPS) {
                Totals t = window[step.ordinal()];
                steps.add(t.stats(step.label()));
                byTx.computeIfAbsent(step.tx(), x -> new Totals()).add(t);
                all.add(t);
            }
            List<StepStats> txs = new ArrayList<>();
            byTx.forEach((tx, t) -> txs.add(t.stats(tx.name())));
            return new Summary(
                    windowNs / 1e9,
                    steps,
                    txs,
                    all.stats("all"),
                    windowErrors,
                    steps.get(SdStep.VA01_SAVE.ordinal()).count(),
                    steps.get(SdStep.VL01N_SAVE.ordinal()).count(),
                    steps.get(SdStep.VF01_SAVE.ordinal()).count(),
                    Latency.of(windowThinkLag),
                    lateSteps(),
                    updates.window(),
                    List.copyOf(stuckUsers));
        } finally {
            harvest.unlock();
        }
    }
}
