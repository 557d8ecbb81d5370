package org.sdbench.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DeliveryScheduleTest {
    private static final long MS = 1_000_000;

    private static DeliverySchedule schedule(long delayMs, long jitterUs, double loss) {
        return new DeliverySchedule(
                new LinkProfile(
                        Duration.ofMillis(delayMs), Duration.ofNanos(jitterUs * 1000), loss, LinkProfile.LINUX_MIN_RTO),
                new SplittableRandom(7));
    }

    @Test
    void deliverAt_fixedDelay_addsExactlyTheDelay() {
        DeliverySchedule s = schedule(1, 0, 0);
        assertEquals(1 * MS, s.deliverAt(0, 100));
        assertEquals(6 * MS, s.deliverAt(5 * MS, 100));
    }

    @Test
    void deliverAt_jitter_staysWithinBoundAndNeverReorders() {
        DeliverySchedule s = schedule(1, 500, 0);
        long last = Long.MIN_VALUE;
        for (long t = 0; t < 10_000; t++) {
            long at = s.deliverAt(t * 1000, 100);
            assertTrue(at >= t * 1000 + MS, "never earlier than the delay");
            assertTrue(at <= Math.max(last, t * 1000 + MS + 500_000), "at most delay + jitter, unless held back");
            assertTrue(at >= last, "in order");
            last = at;
        }
    }

    @Test
    void deliverAt_lostChunk_costsTheRetransmitTimeoutAndHoldsBackLaterBytes() {
        DeliverySchedule s = schedule(0, 0, 0.5);
        long first = -1;
        for (int i = 0; i < 64 && first < 0; i++) {
            long at = s.deliverAt(i, 100);
            if (at >= i + LinkProfile.LINUX_MIN_RTO.toNanos()) {
                first = at;
                assertEquals(i + 200 * MS, at);
                assertTrue(s.deliverAt(i + 1, 100) >= at, "the next chunk waits behind the retransmission");
            }
        }
        assertTrue(first >= 0, "with 50 % loss some chunk is lost");
        assertTrue(s.losses() >= 1);
    }

    @Test
    void deliverAt_lossRate_matchesPerSegmentProbability() {
        DeliverySchedule small = schedule(0, 0, 0.01);
        DeliverySchedule large = schedule(0, 0, 0.01);
        for (int i = 0; i < 20_000; i++) {
            small.deliverAt(i, 100);
            large.deliverAt(i, 10 * DeliverySchedule.SEGMENT_BYTES);
        }
        // one segment: 1 % lost; ten segments: 1 - 0.99^10 = 9.6 % lost
        assertTrue(small.losses() > 120 && small.losses() < 290, "small " + small.losses());
        assertTrue(large.losses() > 1600 && large.losses() < 2240, "large " + large.losses());
    }
}
