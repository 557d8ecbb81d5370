package org.sdbench.apptier.instance.update;

import java.io.ByteArrayOutputStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.database.DbSession;
import org.sdbench.database.Pipeline;

/** Locks a request's VBHDR row and reads the modules of one priority back from VBMOD/VBDATA, payload blocks joined. */
final class PendingModules {
    record Module(int count, String function, byte[] payload) {}

    private record Block(int count, String function, byte[] data) {}

    /**
     * The request's state (null: gone), the modules of one priority with their payloads, and which
     * priorities the request has modules of at all: what the update task needs to know about a
     * request, in one round trip.
     */
    record Pending(String state, List<Module> modules, boolean hasThisPriority, boolean hasOtherPriority) {
        boolean isPending() {
            return "P".equals(state);
        }
    }

    private record Row(String prio, int count, String function, byte[] data) {}

    private PendingModules() {}

    private static List<Module> join(List<Block> blocks) {
        List<Module> out = new ArrayList<>();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            boolean last = i + 1 == blocks.size() || blocks.get(i + 1).count() != b.count();
            if (last && buf.size() == 0) {
                out.add(new Module(b.count(), b.function(), b.data()));
                continue;
            }
            buf.writeBytes(b.data());
            if (last) {
                out.add(new Module(b.count(), b.function(), buf.toByteArray()));
                buf.reset();
            }
        }
        return out;
    }

    /**
     * Locks the VBHDR row, then reads the modules of {@code prio} with their payload blocks joined,
     * and whether the request has modules of {@code prio} (even ones without payload blocks) and of
     * the other priority, whose payloads are not sent. The read is a statement of its own after
     * the lock, so it sees whatever committed before the lock was granted: a part that another
     * process ran and deleted meanwhile is not run again.
     */
    static Pending lockAndRead(DbSession db, String vbkey, UpdateCall.Priority prio) throws SQLException {
        DbSession.Both<String, Row> both = db.queryBoth(
                "SELECT vbstate FROM vbhdr WHERE vbkey = ? FOR UPDATE",
                rs -> rs.getString(1),
                new Object[] {vbkey},
                "SELECT m.vbprio, m.vbmodcnt, m.vbfunc, d.vbdata FROM vbmod m LEFT JOIN vbdata d"
                        + " ON d.vbkey = m.vbkey AND d.vbmodcnt = m.vbmodcnt AND m.vbprio = ?"
                        + " WHERE m.vbkey = ? ORDER BY m.vbmodcnt, d.vbblknr",
                rs -> new Row(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getBytes(4)),
                new Object[] {prio.code(), vbkey});
        String state = both.first().isEmpty() ? null : both.first().get(0);
        boolean mine = false;
        boolean other = false;
        List<Block> blocks = new ArrayList<>();
        for (Row r : both.second()) {
            if (!prio.code().equals(r.prio().trim())) {
                other = true;
            } else {
                mine = true;
                if (r.data() != null) {
                    blocks.add(new Block(r.count(), r.function(), r.data()));
                }
            }
        }
        return new Pending(state, join(blocks), mine, other);
    }

    static void delete(Pipeline db, String vbkey, UpdateCall.Priority prio) {
        db.update(
                "DELETE FROM vbdata WHERE vbkey = ? AND vbmodcnt IN (SELECT vbmodcnt FROM vbmod WHERE vbkey = ? AND vbprio = ?)",
                vbkey,
                vbkey,
                prio.code());
        db.update("DELETE FROM vbmod WHERE vbkey = ? AND vbprio = ?", vbkey, prio.code());
    }
}
