package org.sdbench.network;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.sdbench.core.SettableClock;

class GateTest {
    @Test
    void close_boundedCut_reopensWhenTheBoundPasses() {
        SettableClock clock = new SettableClock();
        Gate g = new Gate(clock);
        assertTrue(g.isOpen());
        g.close(50_000_000);
        assertFalse(g.isOpen());
        clock.advance(49_999_999);
        assertFalse(g.isOpen());
        clock.advance(1);
        assertTrue(g.isOpen());
    }

    @Test
    void open_endsAnUnboundedCut() {
        Gate g = new Gate(new SettableClock());
        g.close(Long.MAX_VALUE);
        assertFalse(g.isOpen());
        g.open();
        assertTrue(g.isOpen());
    }

    @Test
    void awaitOpen_blockedWaiter_releasedByOpen() throws Exception {
        Gate g = new Gate(new SettableClock());
        g.close(Long.MAX_VALUE);
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                g.awaitOpen();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        g.open();
        assertTrue(t.join(Duration.ofSeconds(10)), "waiter released");
    }
}
