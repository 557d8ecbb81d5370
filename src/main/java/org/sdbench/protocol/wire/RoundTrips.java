package org.sdbench.protocol.wire;

import java.time.Duration;

/**
 * Round-trip times of one hop, measured with ping frames the size of a dialog step's request and
 * reply (NIPING's small-message latency test), or with the DB's own round trip.
 */
public record RoundTrips(
        String from, String to, int count, int requestBytes, int replyBytes, double minMs, double avgMs, double maxMs) {

    /** Request and reply sizes of the ping frames: a dialog step's 300-500 B request, 1-1.5 KB reply. */
    public static final int REQUEST_BYTES = 400;

    public static final int REPLY_BYTES = 1200;

    /** From nanosecond samples. */
    public static RoundTrips of(String from, String to, int requestBytes, int replyBytes, long[] nanos) {
        long min = Long.MAX_VALUE;
        long max = 0;
        long sum = 0;
        for (long n : nanos) {
            min = Math.min(min, n);
            max = Math.max(max, n);
            sum += n;
        }
        int c = nanos.length;
        return new RoundTrips(
                from, to, c, requestBytes, replyBytes, c == 0 ? 0 : min / 1e6, c == 0 ? 0 : sum / 1e6 / c, max / 1e6);
    }

    /** Times {@code count} ping frames on a connection. */
    public static RoundTrips ping(WireClient c, String from, String to, int count) throws InterruptedException {
        long[] t = new long[count];
        byte[] body = new Control.Ping(REPLY_BYTES, REQUEST_BYTES - 8).encode();
        for (int i = 0; i < count; i++) {
            long t0 = System.nanoTime();
            Control.Ping.pongBytes(
                    c.call(FrameType.PING, body, Duration.ofSeconds(10)).body());
            t[i] = System.nanoTime() - t0;
        }
        return of(from, to, body.length, REPLY_BYTES, t);
    }

    public WireOut write(WireOut o) {
        return o.str(from)
                .str(to)
                .i32(count)
                .i32(requestBytes)
                .i32(replyBytes)
                .f64(minMs)
                .f64(avgMs)
                .f64(maxMs);
    }

    public static RoundTrips read(WireIn in) {
        return new RoundTrips(
                in.str("hop.from", Limits.NAME_BYTES),
                in.str("hop.to", Limits.NAME_BYTES),
                in.i32("hop.count", 0, Limits.MAX_PROBES),
                in.i32("hop.requestBytes", 0, Limits.PING_BYTES),
                in.i32("hop.replyBytes", 0, Limits.PING_BYTES),
                in.f64(),
                in.f64(),
                in.f64());
    }
}
