package org.sdbench.measure.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.sdbench.config.ConfigException;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.StepTimes;

/**
 * A Prometheus scrape endpoint ({@code --metrics-port}) fed live by {@link RunMetrics}: dot-named
 * Micrometer meters, rendered by Micrometer's Prometheus registry in its naming convention
 * (e.g. {@code sdbench.dialog.response} becomes {@code sdbench_dialog_response_seconds_*}).
 * Dialog-step meters are tagged by transaction and step; app-tier meters by instance. Meters are
 * built up front per step so the users' threads only index an array.
 */
public final class PrometheusEndpoint implements StepObserver, AutoCloseable {
    /** ST03 component names, in {@link StepTimes} order, as the {@code component} tag. */
    private static final String[] COMPONENTS =
            Arrays.stream(Component.values()).map(Component::tag).toArray(String[]::new);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Timer[] response = new Timer[SdStep.values().length];
    private final Counter[] errors = new Counter[SdStep.values().length];
    private final Counter[] dbCalls = new Counter[SdStep.values().length];
    private final Counter[][] components = new Counter[SdStep.values().length][COMPONENTS.length];
    private final Timer saveToCommitted;
    private final Counter v1DbTime;
    private static final int HANDLER_THREADS = 4;

    /**
     * Where to listen: loopback unless told otherwise; any other address requires a bearer token
     * (a file only its owner may read), since the numbers describe the system under test.
     */
    public record Binding(String host, int port, Path tokenFile) {
        public Binding {
            host = host == null || host.isBlank() ? "127.0.0.1" : host.strip();
            ConfigException.require(
                    port >= 0 && port <= 65535,
                    "--metrics-port",
                    port,
                    "a TCP port from 1 to 65535, or 0 for any free port");
            ConfigException.require(
                    tokenFile != null || isLoopback(host),
                    "--metrics-bind",
                    host,
                    "a loopback address (127.0.0.1, ::1, localhost), or any address together with --metrics-token-file "
                            + "FILE (a bearer token Prometheus sends; readable by its owner only)");
        }

        static boolean isLoopback(String host) {
            try {
                return InetAddress.getByName(host).isLoopbackAddress();
            } catch (UnknownHostException e) {
                return false;
            }
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final byte[] token;
    private final String url;

    // Micrometer holds gauge and counter sources weakly: the view stays referenced here.
    private final Supplier<List<InstanceFigures>> appTier;

    private PrometheusEndpoint(
            MetricsSocket socket,
            Supplier<List<InstanceFigures>> appTier,
            IntSupplier usersLoggedOn,
            IntSupplier phase) {
        this.appTier = appTier;
        this.server = socket.take();
        this.token = socket.token();
        this.url = socket.url();
        for (SdStep s : SdStep.values()) {
            Tags tags = Tags.of("tx", s.tx().name(), "step", s.stepName());
            response[s.ordinal()] = Timer.builder("sdbench.dialog.response")
                    .tags(tags)
                    .description("Dialog response time of successful steps, send to answer, as the user sees it")
                    .publishPercentileHistogram()
                    .minimumExpectedValue(Duration.ofMillis(1))
                    .maximumExpectedValue(Duration.ofSeconds(60))
                    .register(registry);
            errors[s.ordinal()] = Counter.builder("sdbench.dialog.errors")
                    .tags(tags)
                    .description("Failed dialog steps")
                    .register(registry);
            dbCalls[s.ordinal()] = Counter.builder("sdbench.dialog.db.calls")
                    .tags(tags)
                    .description("DB round trips of successful dialog steps")
                    .register(registry);
            for (int c = 0; c < COMPONENTS.length; c++) {
                components[s.ordinal()][c] = Counter.builder("sdbench.dialog.time")
                        .tags(tags.and("component", COMPONENTS[c]))
                        .baseUnit("seconds")
                        .description("ST03 response-time components summed over successful steps "
                                + "(roll_out is not part of the response time)")
                        .register(registry);
            }
        }
        saveToCommitted = Timer.builder("sdbench.update.save.to.committed")
                .description("From a dialog's save to its update request's V1 commit")
                .register(registry);
        v1DbTime = Counter.builder("sdbench.update.v1.db.time")
                .baseUnit("seconds")
                .description("DB request time of V1 updates")
                .register(registry);
        // strong: the callers' suppliers are lambdas nothing else holds, and a weakly held one reads NaN after a GC
        Gauge.builder("sdbench.users.logged.on", usersLoggedOn, IntSupplier::getAsInt)
                .strongReference(true)
                .description("Virtual users currently logged on")
                .register(registry);
        Gauge.builder("sdbench.run.phase", phase, IntSupplier::getAsInt)
                .strongReference(true)
                .description("0 ramp-up, 1 measurement window, 2 ramp-down, 3 done")
                .register(registry);
        for (InstanceFigures i : appTier.get()) {
            instanceMeters(i.number());
        }
        FunctionCounter.builder(
                        "sdbench.enqueue.requests",
                        appTier,
                        t -> InstanceFigures.sum(t.get(), i -> i.enqueue().requests()))
                .description("Enqueue lock requests")
                .register(registry);
        FunctionCounter.builder(
                        "sdbench.enqueue.conflicts",
                        appTier,
                        t -> InstanceFigures.sum(t.get(), i -> i.enqueue().conflicts()))
                .description("Enqueue requests refused because another owner held the lock")
                .register(registry);
        // More than one handler: a client that is slow to send or to read must not hold up the others.
        executor = Executors.newFixedThreadPool(
                HANDLER_THREADS,
                Thread.ofPlatform().daemon().name("sdbench-metrics-http-", 0).factory());
        server.createContext("/metrics", this::scrape);
        server.setExecutor(executor);
        server.start();
    }

    /** Instance {@code n}'s figure now (two-tier) or as last reported (three-tier); 0 once it is gone. */
    private double figure(int n, ToDoubleFunction<InstanceFigures> f) {
        return appTier.get().stream()
                .filter(i -> i.number() == n)
                .mapToDouble(f)
                .findFirst()
                .orElse(0);
    }

    private void instanceMeters(int n) {
        Tags tags = Tags.of("instance", Integer.toString(n));
        Gauge.builder(
                        "sdbench.dispatcher.queue",
                        this,
                        x -> x.figure(n, i -> i.queues().dispatcher()))
                .tags(tags)
                .description("Dialog requests waiting for a work process")
                .register(registry);
        Gauge.builder(
                        "sdbench.update.queue",
                        this,
                        x -> x.figure(n, i -> i.queues().update()))
                .tags(tags)
                .description("Update requests waiting for an update work process")
                .register(registry);
        Gauge.builder("sdbench.rollarea.peak", this, x -> x.figure(n, InstanceFigures::rollAreaPeak))
                .tags(tags)
                .description("Most user contexts held in the instance's roll area at once")
                .register(registry);
        FunctionCounter.builder(
                        "sdbench.numberrange.fetches",
                        this,
                        x -> x.figure(n, i -> i.numberRanges().fetches()))
                .tags(tags)
                .description("Number-range intervals fetched from NRIV")
                .register(registry);
        FunctionCounter.builder(
                        "sdbench.numberrange.wait",
                        this,
                        x -> x.figure(n, i -> i.numberRanges().waitNs()) / 1e9)
                .tags(tags)
                .baseUnit("seconds")
                .description("Time spent drawing numbers")
                .register(registry);
        FunctionCounter.builder(
                        "sdbench.tablebuffer.hits",
                        this,
                        x -> x.figure(n, i -> i.tableBuffer().hits()))
                .tags(tags)
                .register(registry);
        FunctionCounter.builder(
                        "sdbench.tablebuffer.misses",
                        this,
                        x -> x.figure(n, i -> i.tableBuffer().misses()))
                .tags(tags)
                .register(registry);
        FunctionCounter.builder("sdbench.db.roundtrips", this, x -> x.figure(n, InstanceFigures::dbRoundTrips))
                .tags(tags)
                .description("Round trips to the database of the instance's sessions")
                .register(registry);
        FunctionCounter.builder(
                        "sdbench.connections.replaced",
                        this,
                        x -> x.figure(n, i -> i.faults().connectionsReplaced()))
                .tags(tags)
                .description("Broken work-process DB connections replaced")
                .register(registry);
    }

    /**
     * Serves {@code /metrics} where the binding says, asking for the bearer token when it has one,
     * for an app tier's instance figures: read live, or the app servers' last reported ones (three-tier).
     */
    public static PrometheusEndpoint start(
            Binding b, Supplier<List<InstanceFigures>> appTier, IntSupplier usersLoggedOn, IntSupplier phase) {
        return start(MetricsSocket.open(b), appTier, usersLoggedOn, phase);
    }

    public static PrometheusEndpoint start(
            MetricsSocket socket,
            Supplier<List<InstanceFigures>> appTier,
            IntSupplier usersLoggedOn,
            IntSupplier phase) {
        return new PrometheusEndpoint(socket, appTier, usersLoggedOn, phase);
    }

    /** Where Prometheus scrapes, e.g. {@code http://[::1]:9391/metrics}. */
    public String url() {
        return url;
    }

    public String host() {
        return server.getAddress().getHostString();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The current exposition text, as a scrape would see it. */
    public String scrape() {
        return registry.scrape();
    }

    @Override
    public void step(SdStep step, boolean ok, long responseNs, StepTimes t) {
        int s = step.ordinal();
        if (!ok) {
            errors[s].increment();
            return;
        }
        response[s].record(responseNs, TimeUnit.NANOSECONDS);
        dbCalls[s].increment(t.dbCalls());
        Counter[] c = components[s];
        add(c[0], t.waitNs());
        add(c[1], t.rollInNs());
        add(c[2], t.cpuNs());
        add(c[3], t.dbNs());
        add(c[4], t.enqueueNs());
        add(c[5], t.numberRangeNs());
        add(c[6], t.updateWaitNs());
        add(c[7], t.rollOutNs());
    }

    private static void add(Counter c, long ns) {
        if (ns > 0) {
            c.increment(ns / 1e9);
        }
    }

    @Override
    public void update(long saveToCommittedNs, long v1DbNs) {
        saveToCommitted.record(saveToCommittedNs, TimeUnit.NANOSECONDS);
        add(v1DbTime, v1DbNs);
    }

    @Override
    public void remoteUpdates(Histogram saveToCommittedUs, long v1DbNs) {
        for (HistogramIterationValue v : saveToCommittedUs.recordedValues()) {
            long us = v.getValueIteratedTo();
            for (long n = v.getCountAtValueIteratedTo(); n > 0; n--) {
                saveToCommitted.record(us, TimeUnit.MICROSECONDS);
            }
        }
        add(v1DbTime, v1DbNs);
    }

    private void scrape(HttpExchange x) throws IOException {
        try (x) {
            if (token != null && !authorized(x.getRequestHeaders().getFirst("Authorization"))) {
                x.getResponseHeaders().set("WWW-Authenticate", "Bearer");
                x.sendResponseHeaders(401, -1);
                return;
            }
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            x.sendResponseHeaders(200, body.length);
            try (OutputStream o = x.getResponseBody()) {
                o.write(body);
            }
        }
    }

    private boolean authorized(String header) {
        if (header == null || !header.startsWith("Bearer ")) {
            return false;
        }
        return MessageDigest.isEqual(
                token, header.substring("Bearer ".length()).strip().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        registry.close();
    }
}
