package org.sdbench.measure.dbstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;
import org.sdbench.measure.environment.DbSpeed;

/** The speed probe on the test server: its figures, its bounded count and its cost. */
class SpeedProbeTest {
    private static Database db;

    @BeforeAll
    static void open() {
        db = TestDb.open(TestDb.config("sdbench_speed_probe_test"));
    }

    @AfterAll
    static void close() {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void probes_windowLength_asManyAsFitHalfAPercentBetweenOneAndTwenty() {
        assertEquals(1, SpeedProbe.probes(Duration.ofSeconds(1)));
        assertEquals(6, SpeedProbe.probes(Duration.ofSeconds(30)));
        assertEquals(20, SpeedProbe.probes(Duration.ofHours(1)));
    }

    @Test
    void probe_localServerThreeTimes_speedPerCpuSecondAndItsCostUnderOnePercent() throws Exception {
        Duration window = Duration.ofSeconds(30);
        DbSpeed s;
        try (SpeedProbe p = SpeedProbe.open(db, Clock.SYSTEM, window, true)) {
            for (int i = 0; i < 3; i++) {
                p.probe();
            }
            s = p.result();
        }
        assertTrue(s.probes() >= 1 && s.probes() <= 3, s.toString());
        assertNotNull(s.rowsPerCpuSecond(), s.toString());
        assertNotNull(s.rowsPerWallSecond(), s.toString());
        // The backend cannot run faster than the elapsed time the client saw.
        assertTrue(s.rowsPerCpuSecond() >= s.rowsPerWallSecond() * 0.99, s.toString());
        assertTrue(s.probeCpuMs() > 0 && s.probeCpuMs() < window.toMillis() * 0.01, s.toString());
        assertEquals(
                s.rowsPerCpuSecond() / SpeedProbe.REFERENCE_ROWS_PER_CPU_SECOND * 10, s.atReferenceSpeed(10.0), 1e-9);
    }

    @Test
    void probe_backendNotReadableHere_wallSpeedOnlyAndSaysWhy() throws Exception {
        DbSpeed s;
        try (SpeedProbe p = SpeedProbe.open(db, Clock.SYSTEM, Duration.ofSeconds(30), false)) {
            p.probe();
            s = p.result();
        }
        assertEquals(1, s.probes());
        assertNull(s.rowsPerCpuSecond());
        assertNull(s.probeCpuMs());
        assertNull(s.atReferenceSpeed(10.0));
        assertNotNull(s.rowsPerWallSecond());
        assertTrue(s.note().contains("per CPU second not measured"), s.note());
    }
}
