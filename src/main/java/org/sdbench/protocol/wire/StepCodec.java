package org.sdbench.protocol.wire;

import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;

/**
 * A dialog step's answer on the wire: outcome, ST03 times, line items and the app server's own
 * response time (dispatcher arrival to reply), about 100 bytes.
 */
public final class StepCodec {
    private StepCodec() {}

    /** The answer as the driver receives it: the result and the server-side response time. */
    public record Reply(StepResult result, long serverNanos) {}

    public static byte[] encode(StepResult r, long serverNanos) {
        WireOut o = new WireOut(128).u8(r.step().ordinal());
        outcome(o, r.outcome());
        StepTimes t = r.times();
        o.i64(t.waitNs())
                .i64(t.rollInNs())
                .i64(t.cpuNs())
                .i64(t.dbNs())
                .i32(t.dbCalls())
                .i64(t.enqueueNs())
                .i64(t.numberRangeNs())
                .i64(t.updateWaitNs())
                .i64(t.rollOutNs())
                .i32(t.dbRows());
        return o.i32(r.lineItemsCompleted()).i64(serverNanos).toBytes();
    }

    public static Reply decode(byte[] body) {
        WireIn in = new WireIn(body);
        int step = in.u8("step", 0, SdStep.LOOP.size() - 1);
        StepOutcome outcome = outcome(in);
        StepTimes t = new StepTimes(
                in.i64(),
                in.i64(),
                in.i64(),
                in.i64(),
                in.i32("times.dbCalls", 0, Integer.MAX_VALUE),
                in.i64(),
                in.i64(),
                in.i64(),
                in.i64(),
                in.i32("times.dbRows", 0, Integer.MAX_VALUE));
        int lineItems = in.i32("lineItems", 0, Integer.MAX_VALUE);
        Reply r = new Reply(new StepResult(SdStep.LOOP.get(step), outcome, t, lineItems), in.i64());
        in.end();
        return r;
    }

    private static void outcome(WireOut o, StepOutcome x) {
        switch (x) {
            case StepOutcome.Ok ok -> o.u8(0);
            case StepOutcome.LockConflict c ->
                o.u8(1).str(clip(c.object())).str(clip(c.key())).str(clip(c.holder()));
            case StepOutcome.Timeout t -> o.u8(2).str(clip(t.what()));
            case StepOutcome.RetriesExhausted r ->
                o.u8(3).str(clip(r.sqlState())).i32(r.attempts());
            case StepOutcome.ConnectionLost c -> o.u8(4).str(clip(c.message()));
            case StepOutcome.DbError d -> o.u8(5).str(clip(d.sqlState())).str(clip(d.message()));
            case StepOutcome.Skipped s -> o.u8(6).str(clip(s.reason()));
            case StepOutcome.InstanceLost l -> o.u8(7).str(clip(l.message()));
            case StepOutcome.DbTimeout t -> o.u8(8).str(clip(t.what()));
            case StepOutcome.IncompleteDocument d ->
                o.u8(9).str(clip(d.document())).str(clip(d.missing()));
            case StepOutcome.InstanceFenced f -> o.u8(10).i32(f.instance());
            case StepOutcome.EnqueueUnavailable u -> o.u8(11).str(clip(u.message()));
            case StepOutcome.EnqueueRefused r -> o.u8(12).str(clip(r.message()));
            case StepOutcome.InstanceRefused r -> o.u8(13).str(clip(r.message()));
        }
    }

    /** A reason longer than a decoder takes is cut: 2,048 chars stay within 8 KiB of UTF-8. */
    private static String clip(String s) {
        return s == null || s.length() <= 2_048 ? s : s.substring(0, 2_048);
    }

    private static StepOutcome outcome(WireIn in) {
        int kind = in.u8("outcome", 0, 13);
        return switch (kind) {
            case 0 -> StepOutcome.Ok.INSTANCE;
            case 1 -> new StepOutcome.LockConflict(text(in), text(in), text(in));
            case 2 -> new StepOutcome.Timeout(text(in));
            case 3 -> new StepOutcome.RetriesExhausted(text(in), in.i32("outcome.attempts", 0, Integer.MAX_VALUE));
            case 4 -> new StepOutcome.ConnectionLost(text(in));
            case 5 -> new StepOutcome.DbError(text(in), text(in));
            case 6 -> new StepOutcome.Skipped(text(in));
            case 7 -> new StepOutcome.InstanceLost(text(in));
            case 8 -> new StepOutcome.DbTimeout(text(in));
            case 9 -> new StepOutcome.IncompleteDocument(text(in), text(in));
            case 10 -> new StepOutcome.InstanceFenced(in.i32("outcome.instance", 0, Limits.MAX_INSTANCE));
            case 11 -> new StepOutcome.EnqueueUnavailable(text(in));
            case 12 -> new StepOutcome.EnqueueRefused(text(in));
            default -> new StepOutcome.InstanceRefused(text(in));
        };
    }

    private static String text(WireIn in) {
        return in.str("outcome.text", Limits.TEXT_BYTES);
    }
}
