package org.sdbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class KneeTest {
    @Test
    void interpolate_bracketingLevels_linearBetweenThem() {
        var levels = List.of(new Knee.Level(10, 0.1), new Knee.Level(40, 0.5), new Knee.Level(60, 1.5));
        assertEquals(50.0, Knee.interpolate(levels, 1.0).orElseThrow(), 1e-9);
    }

    @Test
    void interpolate_allUnderLimit_empty() {
        assertTrue(Knee.interpolate(List.of(new Knee.Level(10, 0.1), new Knee.Level(20, 0.2)), 1.0)
                .isEmpty());
    }

    @Test
    void levelSearch_syntheticSystem_findsKneeWithoutGoingFarPastIt() {
        // A system whose response crosses 1 s at 137 users.
        LevelSearch search = new LevelSearch(10, 1.0, 0.05, 100_000);
        List<Knee.Level> done = new ArrayList<>();
        for (OptionalInt next = search.next(done, false); next.isPresent(); next = search.next(done, false)) {
            int n = next.getAsInt();
            done.add(new Knee.Level(n, n / 137.0));
            assertTrue(done.size() < 20, "search terminates");
        }
        int maxTried = done.stream().mapToInt(Knee.Level::users).max().orElseThrow();
        assertTrue(maxTried <= 2 * 137, "never more than one doubling past the knee: " + maxTried);
        assertEquals(137, Knee.interpolate(done, 1.0).orElseThrow(), 137 * 0.05);
    }

    @Test
    void levelSearch_firstLevelOverLimit_looksLower() {
        LevelSearch search = new LevelSearch(10, 1.0, 0.05, 1000);
        assertEquals(5, search.next(List.of(new Knee.Level(10, 3.0)), false).getAsInt());
    }
}
