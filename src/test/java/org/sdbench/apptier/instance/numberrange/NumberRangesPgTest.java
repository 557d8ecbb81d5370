package org.sdbench.apptier.instance.numberrange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.PGConnection;
import org.sdbench.core.Clock;
import org.sdbench.measure.metrics.StepClock;

/** Number ranges against the real PostgreSQL: uniqueness, gaps, NRIV level, blocking behaviour. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NumberRangesPgTest {

    private static final int THREADS = 8;
    private static final int DRAWS = 500;
    private static final Map<String, Integer> SIZES = Map.of("RV_BELEG", 50, "MATBELEG", 50, "KONV", 0);

    private PgSchema db;

    @BeforeAll
    void createSchema() throws Exception {
        db = PgSchema.create("sdb_nr");
    }

    @AfterAll
    void dropSchema() throws Exception {
        db.close();
    }

    @BeforeEach
    void freshRows() throws Exception {
        db.exec("DELETE FROM nriv");
        db.exec(
                "INSERT INTO nriv (object, nrrangenr, fromnumber, tonumber, nrlevel) VALUES ('RV_BELEG','01',1,9999999999,0), ('MATBELEG','01',1,9999999999,0),"
                        + " ('KONV','01',1,9999999999,0), ('RV_BELEG','02',1,120,0), ('KONV','02',1,3,0)");
    }

    @Test
    void next_bufferedTwoInstancesEightThreads_allUniqueAndLevelIsWholeIntervals() throws Exception {
        NumberRanges one = new NumberRanges(db.dataSource, SIZES, Clock.SYSTEM);
        NumberRanges two = new NumberRanges(db.dataSource, SIZES, Clock.SYSTEM);
        long[] numbers = drawConcurrently(t -> {
            NumberRanges nr = t % 2 == 0 ? one : two;
            return () -> nr.next(null, "RV_BELEG", "01");
        });

        assertAllDistinct(numbers);
        long fetches = one.stats().fetches() + two.stats().fetches();
        long level = level("RV_BELEG", "01");
        assertEquals(fetches * 50, level, "each fetch advances NRIV by exactly one interval");
        assertEquals(
                level - numbers.length,
                one.unusedNumbers() + two.unusedNumbers(),
                "everything fetched is either handed out or still buffered");
        assertTrue(numbers[numbers.length - 1] <= level);
        assertEquals(THREADS * DRAWS, one.stats().numbersIssued() + two.stats().numbersIssued());
    }

    @Test
    void next_unbufferedEightThreadsCommittingEach_noDuplicateAndNoGap() throws Exception {
        NumberRanges nr = new NumberRanges(db.dataSource, SIZES, Clock.SYSTEM);
        List<Connection> connections = new ArrayList<>();
        long[] numbers;
        try {
            for (int t = 0; t < THREADS; t++) {
                Connection c = db.connect();
                connections.add(c);
                c.setAutoCommit(false);
            }
            numbers = drawConcurrently(t -> {
                Connection c = connections.get(t);
                return () -> {
                    long n = nr.next(c, "KONV", "01");
                    c.commit();
                    return n;
                };
            });
        } finally {
            for (Connection c : connections) {
                c.close();
            }
        }

        for (int i = 0; i < numbers.length; i++) {
            assertEquals(i + 1, numbers[i], "unbuffered numbers are gap-free and unique");
        }
        assertEquals(THREADS * DRAWS, level("KONV", "01"), "NRIV level is the highest number handed out");
        assertEquals(0, nr.stats().fetches());
        assertEquals(0, nr.unusedNumbers());
    }

    @Test
    void next_unbufferedRolledBack_numberReturnsToTheRange() throws Exception {
        NumberRanges nr = new NumberRanges(db.dataSource, SIZES, Clock.SYSTEM);
        try (Connection c = db.connect()) {
            c.setAutoCommit(false);
            assertEquals(1, nr.next(c, "KONV", "01"));
            c.rollback();
            assertEquals(1, nr.next(c, "KONV", "01"), "the draw was part of the business transaction");
            c.commit();
        }
    }

    @Test
    void next_unbufferedWhileAnotherTxUncommitted_waitsForItsCommit() throws Exception {
        StepClock clock = new StepClock(0);
        NumberRanges nr = new NumberRanges(db.dataSource, SIZES, clock);
        ExecutorService ex = Executors.newSingleThreadExecutor();
        try (Connection first = db.connect();
                Connection second = db.connect();
                Connection observer = db.connect()) {
            first.setAutoCommit(false);
            second.setAutoCommit(false);
            assertEquals(1, nr.next(first, "KONV", "01"));
            WaitMeter meter = new WaitMeter();
            Future<Long> blocked = ex.submit(() -> nr.next(second, "KONV", "01", meter));
            // The server, not a timer, says the second caller waits for the first one's row lock.
            awaitLockWait(observer, second.unwrap(PGConnection.class).getBackendPID());
            assertFalse(blocked.isDone());
            clock.advance(1_000_000_000L);
            first.commit();
            assertEquals(2, blocked.get(10, TimeUnit.SECONDS));
            second.commit();
            assertEquals(1_000_000_000L, meter.ns(), "row-lock wait is number-range time");
        } finally {
            ex.shutdownNow();
        }
    }

    @Test
    void next_bufferedFetchInProgress_sameObjectWaitsOtherObjectProceeds() throws Exception {
        GatedDataSource gated = new GatedDataSource(db.dataSource);
        StepClock clock = new StepClock(0);
        NumberRanges nr = new NumberRanges(gated, SIZES, clock);
        ExecutorService ex = Executors.newSingleThreadExecutor();
        try {
            Future<Long> fetching = ex.submit(() -> nr.next(null, "RV_BELEG", "01"));
            assertTrue(gated.entered.await(10, TimeUnit.SECONDS));
            WaitMeter meter = new WaitMeter();
            long[] got = new long[1];
            Thread queued = Thread.ofPlatform().start(() -> {
                try {
                    got[0] = nr.next(null, "RV_BELEG", "01", meter);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitParked(queued);
            assertEquals(1, nr.next(null, "MATBELEG", "01"), "another object is not held up by the fetch");
            assertTrue(queued.isAlive());
            clock.advance(1_000_000_000L);
            gated.gate.countDown();
            long a = fetching.get(10, TimeUnit.SECONDS);
            queued.join(10_000);
            assertFalse(queued.isAlive());
            assertEquals(3, a + got[0], "the queued caller got the fetched interval's second number");
            assertEquals(2, nr.stats().fetches());
            assertEquals(1_000_000_000L, meter.ns(), "queueing behind the fetch is wait time");
        } finally {
            gated.gate.countDown();
            ex.shutdownNow();
        }
    }

    /** Bounded wait until the backend {@code pid} waits for a lock (pg_stat_activity says so). */
    private static void awaitLockWait(Connection observer, int pid) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try (var ps = observer.prepareStatement("SELECT wait_event_type FROM pg_stat_activity WHERE pid = ?")) {
            ps.setInt(1, pid);
            while (System.nanoTime() < deadline) {
                try (var rs = ps.executeQuery()) {
                    if (rs.next() && "Lock".equals(rs.getString(1))) {
                        return;
                    }
                }
                Thread.onSpinWait();
            }
        }
        throw new AssertionError("backend " + pid + " never waited for a lock");
    }

    /** Bounded wait until {@code t} is parked (queued on the buffer's lock). */
    private static void awaitParked(Thread t) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (t.getState() == Thread.State.WAITING) {
                return;
            }
            Thread.onSpinWait();
        }
        throw new AssertionError(t.getName() + " never queued behind the fetch: " + t.getState());
    }

    @Test
    void next_bufferedIntervalExhausted_throwsNamingObjectRangeAndLimit() throws Exception {
        NumberRanges nr = new NumberRanges(db.dataSource, SIZES, Clock.SYSTEM);
        for (int i = 1; i <= 120; i++) {
            assertEquals(i, nr.next(null, "RV_BELEG", "02"), "the last interval is cut at tonumber");
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> nr.next(null, "RV_BELEG", "02"));
        assertTrue(
                e.getMessage().contains("'RV_BELEG'")
                        && e.getMessage().contains("'02'")
                        && e.getMessage().contains("tonumber 120"),
                e.getMessage());
        assertEquals(120, level("RV_BELEG", "02"));
    }

    @Test
    void next_unbufferedExhausted_throwsNamingObjectRangeAndLimit() throws Exception {
        NumberRanges nr = new NumberRanges(db.dataSource, SIZES, Clock.SYSTEM);
        try (Connection c = db.connect()) {
            c.setAutoCommit(false);
            for (int i = 1; i <= 3; i++) {
                assertEquals(i, nr.next(c, "KONV", "02"));
            }
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> nr.next(c, "KONV", "02"));
            assertTrue(e.getMessage().contains("'KONV'") && e.getMessage().contains("tonumber 3"), e.getMessage());
            c.rollback();
        }
    }

    @Test
    void next_unbufferedWithAutocommit_rejected() throws Exception {
        NumberRanges nr = new NumberRanges(db.dataSource, SIZES, Clock.SYSTEM);
        try (Connection c = db.connect()) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> nr.next(c, "KONV", "01"));
            assertTrue(e.getMessage().contains("autocommit"), e.getMessage());
        }
        assertEquals(0, level("KONV", "01"));
    }

    @Test
    void next_missingRowOrUnknownObject_rejectedWithNames() {
        NumberRanges nr = new NumberRanges(db.dataSource, SIZES, Clock.SYSTEM);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> nr.next(null, "MATBELEG", "07"));
        assertTrue(e.getMessage().contains("'MATBELEG' interval '07' has no NRIV row"), e.getMessage());
        IllegalArgumentException u = assertThrows(IllegalArgumentException.class, () -> nr.next(null, "VBELN", "01"));
        assertTrue(u.getMessage().contains("'VBELN'") && u.getMessage().contains("RV_BELEG"), u.getMessage());
    }

    @Test
    void next_bufferedWithMeter_addsTheTimeOfEachCall() throws Exception {
        NumberRanges nr = new NumberRanges(db.dataSource, SIZES, new StepClock(7));
        WaitMeter meter = new WaitMeter();
        for (int i = 0; i < 60; i++) {
            nr.next(null, "RV_BELEG", "01", meter);
        }
        assertEquals(60 * 7, meter.ns(), "one clock step between the two reads of each call");
        assertEquals(60, meter.draws());
        assertEquals(new NumberRanges.Stats(2, 60, 420), nr.stats());
        meter.reset();
        assertEquals(0, meter.ns());
        assertEquals(40, nr.unusedNumbers());
    }

    @Test
    void constructor_negativeSize_rejected() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new NumberRanges(db.dataSource, Map.of("KONV", -1), Clock.SYSTEM));
        assertTrue(e.getMessage().contains("'KONV' = -1"), e.getMessage());
    }

    private long level(String object, String range) throws Exception {
        return db.queryLong("SELECT nrlevel FROM nriv WHERE object='" + object + "' AND nrrangenr='" + range + "'");
    }

    private interface Draw {
        long draw() throws Exception;
    }

    private interface DrawFactory {
        Draw forThread(int thread);
    }

    /** Runs THREADS x DRAWS draws in parallel and returns every number, sorted. */
    private static long[] drawConcurrently(DrawFactory factory) throws Exception {
        ExecutorService ex = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<long[]>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Draw d = factory.forThread(t);
                futures.add(ex.submit(() -> {
                    long[] mine = new long[DRAWS];
                    for (int i = 0; i < DRAWS; i++) {
                        mine[i] = d.draw();
                    }
                    return mine;
                }));
            }
            long[] all = new long[THREADS * DRAWS];
            int pos = 0;
            for (Future<long[]> f : futures) {
                long[] mine = f.get(2, TimeUnit.MINUTES);
                System.arraycopy(mine, 0, all, pos, mine.length);
                pos += mine.length;
            }
            Arrays.sort(all);
            return all;
        } finally {
            ex.shutdownNow();
        }
    }

    private static void assertAllDistinct(long[] sorted) {
        for (int i = 1; i < sorted.length; i++) {
            assertTrue(sorted[i] != sorted[i - 1], "number " + sorted[i] + " handed out twice");
        }
    }
}
