package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/** The floor counts the round trips and CPU of its own window, from every thread; never how fast they were. */
class RoundTripFloorTest {
    private static final String SCHEMA = "it_floor";

    @Test
    void measure_twoThreads_countsRoundTripsAndTheirCpu() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            String name = databaseName(db);
            long t0 = System.nanoTime();
            RoundTripFloor.Result r =
                    RoundTripFloor.measure(db, name, 2, Duration.ofMillis(500), Duration.ofSeconds(1));
            long wall = System.nanoTime() - t0;

            assertEquals(2, r.threads());
            assertTrue(r.roundTrips() > 0, "round trips " + r.roundTrips());
            assertTrue(r.clientNanos() > 0, "client CPU " + r.clientNanos());
            // Each thread's own CPU, nothing else's: two threads cannot use more than two CPUs' worth of the call.
            assertTrue(r.clientNanos() <= 2 * wall, r + " in " + wall + " ns");
            assertTrue(r.clientMicrosPerRoundTrip() > 0, r.toString());
        }
    }

    @Test
    void measureWithServerWork_aServerCostPerRoundTrip_sizesTheQueryToIt() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            String name = databaseName(db);
            RoundTripFloor.Result empty =
                    RoundTripFloor.measure(db, name, 1, Duration.ofMillis(300), Duration.ofSeconds(1));
            // Where the backends' CPU cannot be read (a server in another container), the loaded floor is skipped.
            if (!(empty.dbMicrosPerRoundTrip() > 0)) {
                assertTrue(RoundTripFloor.measureWithServerWork(
                                db, name, 1, Duration.ofMillis(300), Duration.ofSeconds(1), empty, 200)
                        .isEmpty());
                return;
            }
            double target = empty.dbMicrosPerRoundTrip() + 200;

            RoundTripFloor.Loaded l = RoundTripFloor.measureWithServerWork(
                            db, name, 1, Duration.ofMillis(300), Duration.ofSeconds(2), empty, target)
                    .orElseThrow();

            assertTrue(l.rows() > 1, l.toString());
            assertTrue(l.result().roundTrips() > 0, l.toString());
            // Sized from a 2 s probe read in 10 ms ticks on a shared host: the right order, not the exact figure.
            double server = l.result().dbMicrosPerRoundTrip();
            assertTrue(
                    server > target / 3 && server < target * 3,
                    "server CPU per round trip " + server + " us, asked for " + target);
        }
    }

    @Test
    void measureWithServerWork_noServerCpuReadable_isEmpty() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            RoundTripFloor.Result unreadable = new RoundTripFloor.Result(1, 1.0, 100, 1_000, 0);

            assertTrue(RoundTripFloor.measureWithServerWork(
                            db, databaseName(db), 1, Duration.ofMillis(100), Duration.ofMillis(100), unreadable, 100)
                    .isEmpty());
        }
    }

    @Test
    void resize_serverWorkPerRowMeasured_scalesRowsToTheTarget() {
        RoundTripFloor.Result empty =
                new RoundTripFloor.Result(1, 1.0, 1_000, 1_000, 20_000_000); // 20 us per round trip
        RoundTripFloor.Result at1000 =
                new RoundTripFloor.Result(1, 1.0, 1_000, 1_000, 100_000_000); // 80 us more for 1,000 rows

        assertEquals(5_000, RoundTripFloor.resize(1_000, at1000, empty, 420));
        assertEquals(
                1,
                RoundTripFloor.resize(1_000, at1000, empty, 10),
                "at least one row, even below the empty round trip");
    }

    @Test
    void resize_noWorkBeyondTheEmptyRoundTrip_isZero() {
        RoundTripFloor.Result empty = new RoundTripFloor.Result(1, 1.0, 1_000, 1_000, 20_000_000);

        assertEquals(0, RoundTripFloor.resize(1_000, empty, empty, 420));
        assertEquals(0, RoundTripFloor.resize(1_000, new RoundTripFloor.Result(1, 1.0, 0, 0, 0), empty, 420));
    }

    @Test
    void result_noRoundTrips_perRoundTripIsNaN() {
        RoundTripFloor.Result r = new RoundTripFloor.Result(1, 1.0, 0, 0, 0);

        assertTrue(Double.isNaN(r.clientMicrosPerRoundTrip()));
        assertTrue(Double.isNaN(r.dbMicrosPerRoundTrip()));
        assertEquals(0, r.roundTripsPerSecond());
    }

    @Test
    void result_negativeCount_isRejectedWithTheValues() {
        var e = assertThrows(IllegalArgumentException.class, () -> new RoundTripFloor.Result(0, 1.0, -1, 0, 0));

        assertTrue(e.getMessage().contains("threads 0"), e.getMessage());
    }

    private static String databaseName(Database db) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
