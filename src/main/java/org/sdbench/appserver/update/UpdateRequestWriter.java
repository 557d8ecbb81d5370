package org.sdbench.appserver.update;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sdbench.db.DbSession;

/** Writes an update request (VBHDR, VBMOD, VBDATA) inside the dialog step's own transaction. */
final class UpdateRequestWriter {
    /** SAP splits VBDATA payloads into blocks; the whitepaper's VBDATA has a 31,000-byte field. */
    static final int BLOCK_BYTES = 30_000;

    private UpdateRequestWriter() {
    }

    static void write(DbSession db, String vbkey, String user, String tcode, int instance, List<UpdateCall> calls,
                      long nowMillis)
            throws SQLException {
        db.update("INSERT INTO vbhdr (vbkey, vbusr, vbtcode, vbdate, instance, vbstate) VALUES (?, ?, ?, ?, ?, 'P')",
                vbkey, user, tcode, new Timestamp(nowMillis), instance);
        List<Object[]> mods = new ArrayList<>();
        List<Object[]> blocks = new ArrayList<>();
        for (int m = 0; m < calls.size(); m++) {
            UpdateCall c = calls.get(m);
            mods.add(new Object[] {vbkey, m + 1, c.module(), c.priority().code()});
            byte[] p = c.payload();
            for (int off = 0, blk = 1; off < p.length || blk == 1; off += BLOCK_BYTES, blk++) {
                blocks.add(new Object[] {vbkey, m + 1, blk, Arrays.copyOfRange(p, off, Math.min(p.length, off + BLOCK_BYTES))});
            }
        }
        db.batch("INSERT INTO vbmod (vbkey, vbmodcnt, vbfunc, vbprio) VALUES (?, ?, ?, ?)", mods);
        db.batch("INSERT INTO vbdata (vbkey, vbmodcnt, vbblknr, vbdata) VALUES (?, ?, ?, ?)", blocks);
    }
}
