package org.sdbench.apptier.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.sdbench.measure.metrics.StepClock;
import org.sdbench.protocol.enqueue.EnqueueStats;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.enqueue.LockResult;

class EnqueueServerTest {

    private static final LockOwner A = new LockOwner("dialog-a");
    private static final LockOwner B = new LockOwner("dialog-b");
    private static final LockOwner UPD = new LockOwner("update-1");

    private final EnqueueServer enq = new EnqueueServer(new StepClock(10));

    @Test
    void lock_freeObject_grantedWithoutAllocation() {
        assertSame(LockResult.Granted.INSTANCE, enq.lock(A, "EVVBAKE", "0000000001", LockMode.EXCLUSIVE));
        assertEquals(Optional.of(LockMode.EXCLUSIVE), enq.heldMode(A, "EVVBAKE", "0000000001"));
        assertEquals(1, enq.entries());
    }

    @Test
    void lock_exclusiveHeldByOther_conflictNamesHolderAndMode() {
        enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE);
        for (LockMode mode : LockMode.values()) {
            LockResult r = enq.lock(B, "EVVBAKE", "1", mode);
            assertEquals(new LockResult.Conflict(A, LockMode.EXCLUSIVE), r);
        }
        assertEquals(Optional.empty(), enq.heldMode(B, "EVVBAKE", "1"));
    }

    @Test
    void lock_sharedHeldByOther_sharedGrantedExclusiveRefused() {
        enq.lock(A, "EMMARCS", "M1", LockMode.SHARED);
        assertTrue(enq.lock(B, "EMMARCS", "M1", LockMode.SHARED).granted());
        LockResult r = enq.lock(UPD, "EMMARCS", "M1", LockMode.EXCLUSIVE);
        assertInstanceOf(LockResult.Conflict.class, r);
        assertEquals(LockMode.SHARED, ((LockResult.Conflict) r).heldMode());
        assertEquals(2, enq.entries());
    }

    @Test
    void lock_differentKeyOrObject_independent() {
        enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE);
        assertTrue(enq.lock(B, "EVVBAKE", "2", LockMode.EXCLUSIVE).granted());
        assertTrue(enq.lock(B, "EVVBLKE", "1", LockMode.EXCLUSIVE).granted());
    }

    @Test
    void lock_sameOwnerTwice_reentrantAndCountsKept() {
        assertTrue(enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE).granted());
        assertTrue(enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE).granted());
        assertEquals(1, enq.entries());
        assertTrue(enq.release(A, "EVVBAKE", "1", LockMode.EXCLUSIVE));
        assertFalse(enq.lock(B, "EVVBAKE", "1", LockMode.SHARED).granted(), "one count is still held");
        assertTrue(enq.release(A, "EVVBAKE", "1", LockMode.EXCLUSIVE));
        assertFalse(enq.release(A, "EVVBAKE", "1", LockMode.EXCLUSIVE), "nothing left to release");
        assertTrue(enq.lock(B, "EVVBAKE", "1", LockMode.SHARED).granted());
    }

    @Test
    void lock_sharedThenExclusiveBySoleOwner_upgradedAndDowngradedOnRelease() {
        enq.lock(A, "EVVBAKE", "1", LockMode.SHARED);
        assertTrue(enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE).granted());
        assertEquals(Optional.of(LockMode.EXCLUSIVE), enq.heldMode(A, "EVVBAKE", "1"));
        enq.release(A, "EVVBAKE", "1", LockMode.EXCLUSIVE);
        assertEquals(Optional.of(LockMode.SHARED), enq.heldMode(A, "EVVBAKE", "1"));
        assertTrue(enq.lock(B, "EVVBAKE", "1", LockMode.SHARED).granted());
    }

    @Test
    void lock_sharedHeldByTwoOwners_upgradeRefused() {
        enq.lock(A, "EVVBAKE", "1", LockMode.SHARED);
        enq.lock(B, "EVVBAKE", "1", LockMode.SHARED);
        assertEquals(new LockResult.Conflict(B, LockMode.SHARED), enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE));
    }

    @Test
    void release_wholeHold_dropsAllCounts() {
        enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE);
        enq.lock(A, "EVVBAKE", "1", LockMode.SHARED);
        assertTrue(enq.release(A, "EVVBAKE", "1"));
        assertFalse(enq.release(A, "EVVBAKE", "1"));
        assertEquals(0, enq.entries());
        assertEquals(0, enq.entriesOf(A));
    }

    @Test
    void transfer_dialogLocks_heldByUpdateOwnerUntilReleaseAll() {
        enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE);
        enq.lock(A, "EVVBLKE", "7", LockMode.SHARED);
        assertEquals(2, enq.transfer(A, UPD));
        assertEquals(0, enq.entriesOf(A));
        assertEquals(2, enq.entriesOf(UPD));
        assertEquals(new LockResult.Conflict(UPD, LockMode.EXCLUSIVE), enq.lock(A, "EVVBAKE", "1", LockMode.SHARED));
        assertEquals(2, enq.releaseAll(UPD));
        assertEquals(0, enq.entries());
        assertTrue(enq.lock(B, "EVVBAKE", "1", LockMode.EXCLUSIVE).granted());
    }

    @Test
    void transfer_targetAlreadyHolds_countsMerged() {
        enq.lock(A, "EVVBAKE", "1", LockMode.SHARED);
        enq.lock(UPD, "EVVBAKE", "1", LockMode.SHARED);
        enq.transfer(A, UPD);
        assertEquals(1, enq.entries());
        assertTrue(enq.release(UPD, "EVVBAKE", "1", LockMode.SHARED));
        assertTrue(enq.release(UPD, "EVVBAKE", "1", LockMode.SHARED));
        assertEquals(0, enq.entries());
    }

    @Test
    void transfer_ownerWithoutLocksOrToItself_noChange() {
        assertEquals(0, enq.transfer(A, UPD));
        enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE);
        assertEquals(0, enq.transfer(A, A));
        assertEquals(1, enq.entriesOf(A));
        assertEquals(0, enq.releaseAll(B));
    }

    @Test
    void stats_afterGrantsAndConflicts_countsAndTimeFromClock() {
        enq.lock(A, "EVVBAKE", "1", LockMode.EXCLUSIVE);
        enq.lock(B, "EVVBAKE", "1", LockMode.EXCLUSIVE);
        enq.lock(B, "EVVBAKE", "2", LockMode.EXCLUSIVE);
        EnqueueStats s = enq.stats();
        assertEquals(3, s.requests());
        assertEquals(1, s.conflicts());
        assertEquals(30, s.lockNs(), "the step clock advances 10 ns between the two reads of each call");
        assertEquals(2, s.entries());
    }

    @Test
    void lock_nullOrEmptyNames_rejectedNamingTheProblem() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> enq.lock(A, "", "1", LockMode.EXCLUSIVE));
        assertTrue(e.getMessage().contains("enqueue object is empty"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> enq.lock(A, "EVVBAKE", null, LockMode.EXCLUSIVE));
        assertTrue(e.getMessage().contains("'EVVBAKE'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LockOwner(" "));
        assertTrue(e.getMessage().contains("blank"), e.getMessage());
    }
}
