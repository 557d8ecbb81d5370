package org.sdbench.measure.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.protocol.StepTimes;

class RecordBufferTest {

    private static final StepTimes TIMES = new StepTimes(1_000, 2_000, 3_000, 4_000, 2, 0, 0, 0, 5_000, 3);

    /** Keeps what the buffer handed over, in order. */
    private static final class Collecting implements RecordBuffer.Sink {
        final List<String> values = new ArrayList<>();
        final long[][] sums = new long[3][Sum.COUNT];

        @Override
        public void response(int stepType, long micros) {
            values.add(stepType + ":" + micros);
        }

        @Override
        public void thinkLag(long micros) {
            values.add("lag:" + micros);
        }

        @Override
        public void sums(int stepType, long[] s) {
            for (int i = 0; i < s.length; i++) {
                sums[stepType][i] += s[i];
            }
        }
    }

    @Test
    void step_moreThanItHolds_everyValueHandedOverOnceInOrder() {
        RecordBuffer b = new RecordBuffer(3);
        Collecting sink = new Collecting();
        List<String> expected = new ArrayList<>();
        int n = 2 * RecordBuffer.CAPACITY + 3;
        for (int i = 0; i < n; i++) {
            b.step(i % 3, TIMES, 1_000L * i, true, 0, sink);
            expected.add(i % 3 + ":" + i);
            b.thinkLag(2_000L * i, sink);
            expected.add("lag:" + 2 * i);
        }
        assertEquals(
                expected.subList(0, 4 * RecordBuffer.CAPACITY), sink.values, "the full buffer went over as it filled");

        b.drainInto(sink);
        assertEquals(expected, sink.values);
        b.drainInto(sink);
        assertEquals(expected, sink.values, "a second drain hands over nothing again");
    }

    @Test
    void drainInto_stepsAndErrors_sumsPerStepTypeThenCleared() {
        RecordBuffer b = new RecordBuffer(3);
        Collecting sink = new Collecting();
        b.step(1, TIMES, 7_000_000, true, 5, sink);
        b.step(1, TIMES, 3_000_000, false, 0, sink);
        b.step(2, TIMES, 1_000_000, true, 1, sink);
        b.drainInto(sink);
        b.drainInto(sink);

        long[] s = sink.sums[1];
        assertEquals(10_000_000, s[Sum.RESPONSE_NS.ordinal()]);
        assertEquals(1, s[Sum.STEPS.ordinal()]);
        assertEquals(1, s[Sum.ERRORS.ordinal()]);
        assertEquals(5, s[Sum.LINE_ITEMS.ordinal()]);
        assertEquals(2 * 1_000, s[Sum.WAIT_NS.ordinal()]);
        assertEquals(2 * 2_000, s[Sum.ROLL_IN_NS.ordinal()]);
        assertEquals(2 * 3_000, s[Sum.CPU_NS.ordinal()]);
        assertEquals(2 * 4_000, s[Sum.DB_NS.ordinal()]);
        assertEquals(2 * 2, s[Sum.DB_CALLS.ordinal()]);
        assertEquals(2 * 5_000, s[Sum.ROLL_OUT_NS.ordinal()]);
        assertEquals(2 * 3, s[Sum.DB_ROWS.ordinal()]);
        assertEquals(1, sink.sums[2][Sum.STEPS.ordinal()]);
        assertEquals(0, sink.sums[0][Sum.STEPS.ordinal()]);
    }
}
