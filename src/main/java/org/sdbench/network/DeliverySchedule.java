package org.sdbench.network;

import java.util.random.RandomGenerator;

/**
 * When each chunk of one direction may leave the relay. Times only grow: a TCP stream is delivered in
 * order, so a late (jittered or retransmitted) chunk holds back everything read after it. Pure
 * arithmetic on the caller's clock readings, so tests need no sockets and no sleeping.
 */
final class DeliverySchedule {
    /** Payload of one Ethernet-sized TCP segment (1500 MTU minus IP, TCP and timestamp option headers). */
    static final int SEGMENT_BYTES = 1448;

    private final LinkProfile profile;
    private final RandomGenerator random;
    private final long delayNanos;
    private final long jitterNanos;
    private final long rtoNanos;
    private long last = Long.MIN_VALUE;
    private long losses;

    DeliverySchedule(LinkProfile profile, RandomGenerator random) {
        this.profile = profile;
        this.random = random;
        this.delayNanos = profile.delay().toNanos();
        this.jitterNanos = profile.jitter().toNanos();
        this.rtoNanos = profile.retransmitTimeout().toNanos();
    }

    /** The delivery time of {@code bytes} bytes read at {@code arrivalNanos}; called by one thread, in read order. */
    long deliverAt(long arrivalNanos, int bytes) {
        long at = arrivalNanos + delayNanos;
        if (jitterNanos > 0) {
            at += random.nextLong(jitterNanos + 1);
        }
        if (profile.loss() > 0 && lost(bytes)) {
            losses++;
            at += rtoNanos;
        }
        last = Math.max(last, at);
        return last;
    }

    private boolean lost(int bytes) {
        int segments = Math.max(1, (bytes + SEGMENT_BYTES - 1) / SEGMENT_BYTES);
        double survive = Math.pow(1 - profile.loss(), segments);
        return random.nextDouble() >= survive;
    }

    /** Chunks that paid a retransmission so far (read by the owning thread or after it ended). */
    long losses() {
        return losses;
    }
}
