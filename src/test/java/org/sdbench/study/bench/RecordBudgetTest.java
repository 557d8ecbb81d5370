package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RecordBudgetTest {
    @Test
    void window_slowRun_keepsTheWindowAsked() {
        // 7,808 locks x 0.75 / 0.6 = 9,760 steps: at 300 steps/s, 32.5 s of recording.
        assertEquals(
                Duration.ofSeconds(6), RecordBudget.window(Duration.ofSeconds(6), Duration.ofSeconds(5), 300, 7_808));
    }

    @Test
    void window_fastRun_shortenedSoThatItsStepsFitTheLockTable() {
        // 9,760 steps at 1,000 steps/s: 9.76 s, of which the ramp-up 5 s and the ramp-down 1 s.
        assertEquals(
                Duration.ofMillis(3_760),
                RecordBudget.window(Duration.ofSeconds(6), Duration.ofSeconds(5), 1_000, 7_808));
    }

    @Test
    void window_noRoomEvenForTheRampUp_oneSecond() {
        assertEquals(
                Duration.ofSeconds(1), RecordBudget.window(Duration.ofSeconds(6), Duration.ofSeconds(5), 10_000, 640));
    }
}
