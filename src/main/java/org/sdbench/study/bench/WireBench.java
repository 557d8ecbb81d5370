package org.sdbench.study.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.sdbench.config.HostAndPort;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.StepCodec;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireServer;

/**
 * What the wire costs per dialog step: driver and app-server side of the protocol in one process
 * on loopback (step request encoded, sent, decoded, answered with a full step result, decoded),
 * with no step work, so the process CPU per round trip is the wire's own, both sides together.
 */
public final class WireBench {
    /** CPU and latency per round trip. */
    public record Result(
            long roundTrips, int clients, double cpuMicrosPerRoundTrip, double avgLatencyMicros, double seconds) {}

    private static final long WARM_UP_NANOS = 3_000_000_000L;

    private WireBench() {}

    public static Result run(int clients, long roundTripsPerClient) throws InterruptedException {
        StepResult canned = new StepResult(
                SdStep.VA01_SAVE,
                StepOutcome.Ok.INSTANCE,
                new StepTimes(1_000, 2_000, 3_000_000, 4_000_000, 12, 50_000, 10_000, 0, 2_000, 25),
                5);
        Token token = Token.random();
        try (WireServer server = WireServer.start(
                Wire.DEFAULTS,
                "127.0.0.1",
                0,
                token,
                (c, f) -> {
                    AppMessages.Step.decode(f.body());
                    c.reply(f, FrameType.STEP_RESULT, StepCodec.encode(canned, 1_234_567));
                },
                line -> {},
                "wire bench server")) {
            HostAndPort a = new HostAndPort("127.0.0.1", server.port());
            try (WireClient client = WireClient.connect(
                    Wire.DEFAULTS,
                    Dialer.Hop.DRIVER_TO_APP,
                    a,
                    Role.DRIVER,
                    token,
                    Duration.ofSeconds(5),
                    "wire bench server")) {
                // Until the JIT compiler is done with both sides: its threads count in the process CPU.
                long warm = System.nanoTime() + WARM_UP_NANOS;
                while (System.nanoTime() < warm) {
                    loop(client, clients, 2_000, new LongAdder());
                }
                LongAdder latencyNs = new LongAdder();
                long cpu0 = ProcessInfo.processCpuNanos();
                long t0 = System.nanoTime();
                loop(client, clients, roundTripsPerClient, latencyNs);
                long wall = System.nanoTime() - t0;
                long cpu = ProcessInfo.processCpuNanos() - cpu0;
                long n = roundTripsPerClient * clients;
                return new Result(n, clients, cpu / 1e3 / n, latencyNs.sum() / 1e3 / n, wall / 1e9);
            }
        }
    }

    private static void loop(WireClient client, int clients, long perClient, LongAdder latencyNs)
            throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int u = 0; u < clients; u++) {
            int user = u + 1;
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    for (long i = 0; i < perClient; i++) {
                        long t = System.nanoTime();
                        byte[] body = new AppMessages.Step(user, SdStep.VA01_SAVE).encode();
                        StepCodec.decode(client.call(FrameType.STEP, body, Duration.ofSeconds(10))
                                .body());
                        latencyNs.add(System.nanoTime() - t);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
