package org.sdbench.apptier.instance.update;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sdbench.database.DbSession;

/** Writes an update request (VBHDR, VBMOD, VBDATA) inside the dialog step's own transaction. */
final class UpdateRequestWriter {
    /** SAP splits VBDATA payloads into blocks; the whitepaper's VBDATA has a 31,000-byte field. */
    static final int BLOCK_BYTES = 30_000;

    private UpdateRequestWriter() {}

    /**
     * The header is written only while {@code lease} is current, and the share lock on the lease row
     * is held until the dialog transaction ends: a fence that raises the epoch waits for this save,
     * and a save after the fence writes nothing and is refused ({@link InstanceFencedException}).
     */
    static void write(
            DbSession db,
            String vbkey,
            String user,
            String tcode,
            InstanceFence.Lease lease,
            List<UpdateCall> calls,
            long nowMillis)
            throws SQLException {
        // Three statements, three round trips, not one Pipeline: a dialog step's DB calls are its
        // round trips (the network figures multiply them by the link's delay).
        db.marks().savesUnderLease(lease.instance());
        int written = db.update(
                "INSERT INTO vbhdr (vbkey, vbusr, vbtcode, vbdate, instance, vbstate)"
                        + " SELECT ?, ?, ?, ?, ?, 'P' FROM sdbench_fence WHERE instance = ? AND epoch = ? FOR SHARE",
                vbkey,
                user,
                tcode,
                new Timestamp(nowMillis),
                lease.instance(),
                lease.instance(),
                lease.epoch());
        if (written == 0) {
            throw new InstanceFencedException(lease);
        }
        List<Object[]> mods = new ArrayList<>();
        List<Object[]> blocks = new ArrayList<>();
        for (int m = 0; m < calls.size(); m++) {
            UpdateCall c = calls.get(m);
            mods.add(new Object[] {vbkey, m + 1, c.module(), c.priority().code()});
            byte[] payload = c.payload();
            for (int off = 0, blk = 1; off < payload.length || blk == 1; off += BLOCK_BYTES, blk++) {
                blocks.add(new Object[] {vbkey, m + 1, blk, block(payload, off)});
            }
        }
        db.batch("INSERT INTO vbmod (vbkey, vbmodcnt, vbfunc, vbprio) VALUES (?, ?, ?, ?)", mods);
        db.batch("INSERT INTO vbdata (vbkey, vbmodcnt, vbblknr, vbdata) VALUES (?, ?, ?, ?)", blocks);
    }

    /** The block at {@code off}; a payload that fits one block is sent as it is, without a copy. */
    private static byte[] block(byte[] payload, int off) {
        return off == 0 && payload.length <= BLOCK_BYTES
                ? payload
                : Arrays.copyOfRange(payload, off, Math.min(payload.length, off + BLOCK_BYTES));
    }
}
