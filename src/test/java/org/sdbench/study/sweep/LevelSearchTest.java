package org.sdbench.study.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class LevelSearchTest {
    @Test
    void next_syntheticSystem_bracketsTheKneeWithoutGoingFarPastIt() {
        // A system whose response crosses 1 s at 137 users.
        LevelSearch search = new LevelSearch(10, 1.0, 0.05, 100_000);
        List<LevelSearch.Level> done = new ArrayList<>();
        for (OptionalInt next = search.next(done, false); next.isPresent(); next = search.next(done, false)) {
            int n = next.getAsInt();
            done.add(new LevelSearch.Level(n, n / 137.0));
            assertTrue(done.size() < 20, "search terminates");
        }
        int maxTried = done.stream().mapToInt(LevelSearch.Level::users).max().orElseThrow();
        assertTrue(maxTried <= 2 * 137, "never more than one doubling past the knee: " + maxTried);
        int under = done.stream()
                .filter(l -> l.avgResponseSeconds() < 1)
                .mapToInt(LevelSearch.Level::users)
                .max()
                .orElseThrow();
        int over = done.stream()
                .filter(l -> l.avgResponseSeconds() >= 1)
                .mapToInt(LevelSearch.Level::users)
                .min()
                .orElseThrow();
        assertTrue(under < 137 && over >= 137 && over - under <= Math.ceil(under * 0.05), under + ".." + over);
    }

    @Test
    void next_firstLevelOverLimit_looksLower() {
        LevelSearch search = new LevelSearch(10, 1.0, 0.05, 1000);
        assertEquals(
                5, search.next(List.of(new LevelSearch.Level(10, 3.0)), false).getAsInt());
    }
}
