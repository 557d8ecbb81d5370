package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A flood of peer-caused lines becomes a burst and one line with the count, on an injected clock. */
class LogLimiterTest {
    private final List<String> log = new ArrayList<>();
    private final AtomicLong now = new AtomicLong(1_000);
    private final LogLimiter limiter = new LogLimiter(log::add, now::get, 3, TimeUnit.SECONDS.toNanos(10));

    @Test
    void log_floodWithinOneWindow_burstThenOneCountedLine() {
        for (int i = 0; i < 7_359; i++) {
            limiter.log("refused handshakes", "refused peer " + i);
            now.addAndGet(TimeUnit.MILLISECONDS.toNanos(1));
        }
        assertEquals(List.of("refused peer 0", "refused peer 1", "refused peer 2"), log);
        now.addAndGet(TimeUnit.SECONDS.toNanos(3));
        limiter.log("refused handshakes", "refused peer late");
        assertEquals("... 7,356 more refused handshakes in 7 s", log.get(3));
        assertEquals("refused peer late", log.get(4));
    }

    @Test
    void flush_floodThatStopped_stillGetsItsCount() {
        for (int i = 0; i < 5; i++) {
            limiter.log("refused frames", "line " + i);
        }
        limiter.flush();
        assertEquals(3, log.size(), "the window is not over yet");
        now.addAndGet(TimeUnit.SECONDS.toNanos(11));
        limiter.flush();
        assertEquals("... 2 more refused frames in 1 s", log.get(3));
        limiter.flushAll();
        assertEquals(4, log.size(), "a count is written once");
    }

    @Test
    void log_kindsHaveTheirOwnBudget() {
        for (int i = 0; i < 5; i++) {
            limiter.log("a", "a" + i);
            limiter.log("b", "b" + i);
        }
        assertEquals(6, log.size());
        assertTrue(log.contains("b2"));
        assertFalse(log.contains("a3"));
    }
}
