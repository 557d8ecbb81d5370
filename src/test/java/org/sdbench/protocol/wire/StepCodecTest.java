package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;

class StepCodecTest {
    @Test
    void encodeDecode_everyOutcomeKind_sameResultAndServerTime() {
        var times = new StepTimes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        List<StepOutcome> outcomes = List.of(
                StepOutcome.Ok.INSTANCE,
                new StepOutcome.LockConflict("EVVBAKE", "42", "user:7"),
                new StepOutcome.Timeout("update x"),
                new StepOutcome.RetriesExhausted("40P01", 4),
                new StepOutcome.ConnectionLost("gone"),
                new StepOutcome.DbError("23505", "dup"),
                new StepOutcome.Skipped("no order"),
                new StepOutcome.InstanceLost("app server 2"),
                new StepOutcome.DbTimeout("statement"),
                new StepOutcome.IncompleteDocument("sales order", "sold-to party"),
                new StepOutcome.InstanceFenced(2),
                new StepOutcome.EnqueueUnavailable("central services unreachable"),
                new StepOutcome.EnqueueRefused("owner of instance 3"),
                new StepOutcome.InstanceRefused("app server 1: no run settings"));
        for (StepOutcome o : outcomes) {
            var r = new StepResult(SdStep.VL02N_POST_GOODS_ISSUE, o, times, 5);
            var back = StepCodec.decode(StepCodec.encode(r, 123_456_789L));
            assertEquals(r, back.result());
            assertEquals(123_456_789L, back.serverNanos());
        }
    }
}
