package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ReplayRoundsTest {
    private static ReplayRounds rounds(long seed) {
        return new ReplayRounds(9, 100, seed, new PrintWriter(new StringWriter()));
    }

    @Test
    void replayFirst_firstRound_sdbenchFirst() {
        for (long seed : new long[] {1, 42, 7}) {
            assertFalse(rounds(seed).replayFirst(1));
        }
    }

    @Test
    void replayFirst_laterRounds_alternateFromTheSeed() {
        for (long seed : new long[] {1, 42, 7}) {
            ReplayRounds r = rounds(seed);
            for (int round = 2; round < 9; round++) {
                assertEquals(!r.replayFirst(round), r.replayFirst(round + 1), "seed " + seed + " round " + round);
            }
        }
    }

    @Test
    void replayFirst_laterRounds_eachSideFirstEquallyOftenOverACycle() {
        ReplayRounds r = rounds(42);
        long replayFirst = IntStream.rangeClosed(2, 9).filter(r::replayFirst).count();
        assertEquals(4, replayFirst);
    }
}
