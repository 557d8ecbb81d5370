package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.measure.metrics.Components;

class IntervalsCsvTest {
    @TempDir
    Path dir;

    @Test
    void writeThenRead_roundTripsEveryColumn() throws Exception {
        var row = new IntervalRow(
                1_700_000_000_000L,
                15.0,
                5.0,
                "measurement",
                true,
                10,
                240,
                1,
                172_800,
                4.25,
                9.5,
                30.0,
                new Components(0.1, 0.01, 1.0, 2.5, 0.02, 0.03, 0.0, 0.05),
                75,
                60,
                3,
                1,
                0.5);
        Path f = dir.resolve("intervals.csv");
        IntervalsCsv.write(f, List.of(row));
        assertEquals(List.of(row), IntervalsCsv.read(f));
    }

    @Test
    void read_firstReleaseColumnsOnly_derivesTimeAndDefaultsTheRest() throws Exception {
        Path f = dir.resolve("old.csv");
        Files.writeString(f, """
                wall_ms,seconds,in_window,steps,errors,ds_per_hour,avg_ms,p95_ms,max_ms,line_items,updates,update_queue_max,think_lag_p95_ms
                1795349697082,5.487,false,125,0,82009,29.31,81.41,339.46,25,30,1,10.45
                1795349702069,4.998,true,235,0,169254,9.15,26.32,78.08,65,63,2,9.11
                """);
        var rows = IntervalsCsv.read(f);
        assertEquals(2, rows.size());
        assertEquals(10.485, rows.get(1).endSeconds(), 1e-9);
        assertEquals("measurement", rows.get(1).phase());
        assertEquals(169_254, rows.get(1).dsPerHour());
        assertEquals(0, rows.get(1).users());
    }
}
