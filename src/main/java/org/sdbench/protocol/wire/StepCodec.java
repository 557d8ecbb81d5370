package org.sdbench.protocol.wire;

import org.sdbench.protocol.SdStep;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;

/**
 * A dialog step's answer on the wire: outcome, ST03 times, line items and the app server's own
 * response time (dispatcher arrival to reply), about 100 bytes.
 */
public final class StepCodec {
    private StepCodec() {
    }

    /** The answer as the driver receives it: the result and the server-side response time. */
    public record Reply(StepResult result, long serverNanos) {
    }

    public static byte[] encode(StepResult r, long serverNanos) {
        WireOut o = new WireOut(128).u8(r.step().ordinal());
        outcome(o, r.outcome());
        StepTimes t = r.times();
        o.i64(t.waitNs()).i64(t.rollInNs()).i64(t.cpuNs()).i64(t.dbNs()).i32(t.dbCalls()).i64(t.enqueueNs())
                .i64(t.numberRangeNs()).i64(t.updateWaitNs()).i64(t.rollOutNs()).i32(t.dbRows());
        return o.i32(r.lineItemsCompleted()).i64(serverNanos).toBytes();
    }

    public static Reply decode(byte[] body) {
        WireIn in = new WireIn(body);
        int step = in.u8();
        if (step >= SdStep.LOOP.size()) {
            throw new WireException("unknown dialog step " + step + " in a reply");
        }
        StepOutcome outcome = outcome(in);
        StepTimes t = new StepTimes(in.i64(), in.i64(), in.i64(), in.i64(), in.i32(), in.i64(), in.i64(), in.i64(), in.i64(),
                in.i32());
        int lineItems = in.i32();
        return new Reply(new StepResult(SdStep.LOOP.get(step), outcome, t, lineItems), in.i64());
    }

    private static void outcome(WireOut o, StepOutcome x) {
        switch (x) {
            case StepOutcome.Ok ok -> o.u8(0);
            case StepOutcome.LockConflict c -> o.u8(1).str(c.object()).str(c.key()).str(c.holder());
            case StepOutcome.Timeout t -> o.u8(2).str(t.what());
            case StepOutcome.RetriesExhausted r -> o.u8(3).str(r.sqlState()).i32(r.attempts());
            case StepOutcome.ConnectionLost c -> o.u8(4).str(c.message());
            case StepOutcome.DbError d -> o.u8(5).str(d.sqlState()).str(d.message());
            case StepOutcome.Skipped s -> o.u8(6).str(s.reason());
            case StepOutcome.InstanceLost l -> o.u8(7).str(l.message());
            case StepOutcome.DbTimeout t -> o.u8(8).str(t.what());
            case StepOutcome.IncompleteDocument d -> o.u8(9).str(d.document()).str(d.missing());
        }
    }

    private static StepOutcome outcome(WireIn in) {
        int kind = in.u8();
        return switch (kind) {
            case 0 -> StepOutcome.Ok.INSTANCE;
            case 1 -> new StepOutcome.LockConflict(in.str(), in.str(), in.str());
            case 2 -> new StepOutcome.Timeout(in.str());
            case 3 -> new StepOutcome.RetriesExhausted(in.str(), in.i32());
            case 4 -> new StepOutcome.ConnectionLost(in.str());
            case 5 -> new StepOutcome.DbError(in.str(), in.str());
            case 6 -> new StepOutcome.Skipped(in.str());
            case 7 -> new StepOutcome.InstanceLost(in.str());
            case 8 -> new StepOutcome.DbTimeout(in.str());
            case 9 -> new StepOutcome.IncompleteDocument(in.str(), in.str());
            default -> throw new WireException("unknown step outcome " + kind + " in a reply");
        };
    }
}
