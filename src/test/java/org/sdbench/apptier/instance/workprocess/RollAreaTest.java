package org.sdbench.apptier.instance.workprocess;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.measure.metrics.StepClock;

class RollAreaTest {

    @Test
    void rollInThenOut_contextChangedInWorkProcess_changeReachesTheSession() {
        RollArea roll = new RollArea(64 * 1024, Clock.SYSTEM);
        byte[] session = roll.newUserContext();
        session[100] = 42;
        roll.rollIn(session);
        assertEquals(42, roll.read(100));
        roll.write(7, (byte) 9);
        roll.rollOut(session);
        assertEquals(9, session[7]);
        assertEquals(42, session[100]);
    }

    @Test
    void rollIn_twoSessionsSharingAWorkProcess_noLeakBetweenThem() {
        RollArea roll = new RollArea(16, Clock.SYSTEM);
        byte[] alice = roll.newUserContext();
        byte[] bob = roll.newUserContext();
        alice[0] = 1;
        roll.rollIn(alice);
        roll.rollOut(alice);
        roll.rollIn(bob);
        assertEquals(0, roll.read(0));
        roll.rollOut(bob);
        assertArrayEquals(new byte[16], bob);
    }

    @Test
    void rollIn_timedWithInjectedClock() {
        RollArea roll = new RollArea(1024, new StepClock(123));
        assertEquals(123, roll.rollIn(roll.newUserContext()));
        assertEquals(123, roll.rollOut(roll.newUserContext()));
    }

    @Test
    void rollIn_largeContext_takesMeasurableTime() {
        RollArea roll = new RollArea(8 << 20, Clock.SYSTEM);
        byte[] ctx = roll.newUserContext();
        assertTrue(roll.rollIn(ctx) > 0);
    }

    @Test
    void rollIn_wrongSize_rejectedNamingBothSizes() {
        RollArea roll = new RollArea(16, Clock.SYSTEM);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> roll.rollIn(new byte[8]));
        assertTrue(e.getMessage().contains("8 bytes") && e.getMessage().contains("exactly 16"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> roll.rollOut(null));
        assertThrows(IllegalArgumentException.class, () -> new RollArea(-1, Clock.SYSTEM));
        assertThrows(IndexOutOfBoundsException.class, () -> roll.write(16, (byte) 0));
    }

    @Test
    void rollIn_zeroSizeContext_allowed() {
        RollArea roll = new RollArea(0, new StepClock(0));
        assertEquals(0, roll.rollIn(new byte[0]));
    }
}
