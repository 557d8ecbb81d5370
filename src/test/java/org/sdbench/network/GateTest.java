package org.sdbench.network;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GateTest {
    @Test
    void close_boundedCut_reopensWhenTheBoundPasses() {
        org.sdbench.core.SettableClock clock = new org.sdbench.core.SettableClock();
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
        Gate g = new Gate(new org.sdbench.core.SettableClock());
        g.close(Long.MAX_VALUE);
        assertFalse(g.isOpen());
        g.open();
        assertTrue(g.isOpen());
    }

    @Test
    void awaitOpen_blockedWaiter_releasedByOpen() throws Exception {
        Gate g = new Gate(new org.sdbench.core.SettableClock());
        g.close(Long.MAX_VALUE);
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                g.awaitOpen();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        g.open();
        assertTrue(t.join(java.time.Duration.ofSeconds(10)), "waiter released");
    }
}
