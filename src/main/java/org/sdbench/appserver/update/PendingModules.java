package org.sdbench.appserver.update;

import java.io.ByteArrayOutputStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.db.DbSession;

/** Reads the modules of one priority of a request back from VBMOD/VBDATA, payload blocks joined. */
final class PendingModules {
    record Module(int count, String function, byte[] payload) {
    }

    private record Block(int count, String function, byte[] data) {
    }

    private PendingModules() {
    }

    static List<Module> read(DbSession db, String vbkey, UpdateCall.Priority prio) throws SQLException {
        List<Block> blocks = db.query("SELECT m.vbmodcnt, m.vbfunc, d.vbdata FROM vbmod m JOIN vbdata d"
                        + " ON d.vbkey = m.vbkey AND d.vbmodcnt = m.vbmodcnt"
                        + " WHERE m.vbkey = ? AND m.vbprio = ? ORDER BY m.vbmodcnt, d.vbblknr",
                rs -> new Block(rs.getInt(1), rs.getString(2), rs.getBytes(3)), vbkey, prio.code());
        List<Module> out = new ArrayList<>();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            buf.writeBytes(b.data());
            if (i + 1 == blocks.size() || blocks.get(i + 1).count() != b.count()) {
                out.add(new Module(b.count(), b.function(), buf.toByteArray()));
                buf.reset();
            }
        }
        return out;
    }

    static void delete(DbSession db, String vbkey, UpdateCall.Priority prio) throws SQLException {
        db.update("DELETE FROM vbdata WHERE vbkey = ? AND vbmodcnt IN (SELECT vbmodcnt FROM vbmod WHERE vbkey = ? AND vbprio = ?)",
                vbkey, vbkey, prio.code());
        db.update("DELETE FROM vbmod WHERE vbkey = ? AND vbprio = ?", vbkey, prio.code());
    }
}
