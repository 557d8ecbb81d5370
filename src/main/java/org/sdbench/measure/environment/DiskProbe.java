package org.sdbench.measure.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.config.DbKind;
import org.sdbench.database.Database;

/**
 * Reads where a local PostgreSQL keeps data, WAL and tablespaces (from the server) and what they
 * are mounted on (from /proc/self/mountinfo, which the server shares when it runs on this host
 * outside a container of its own).
 */
public final class DiskProbe {
    private static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");
    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    private DiskProbe() {}

    public static DiskLayout capture(Database db) {
        if (db.config().kind() == DbKind.DB2) {
            return new DiskLayout("DB2: the disk layout is not collected (only PostgreSQL's is read)", List.of());
        }
        if (!EnvironmentProbe.isLocal(db.config())) {
            return new DiskLayout("the database runs on another host: its disks cannot be read from here", List.of());
        }
        List<String[]> places = new ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            String data;
            try (ResultSet rs = s.executeQuery("SHOW data_directory")) {
                rs.next();
                data = rs.getString(1);
            }
            places.add(new String[] {"data", data});
            places.add(new String[] {"wal", Path.of(data, "pg_wal").toString()});
            try (ResultSet rs = s.executeQuery("SELECT spcname, pg_tablespace_location(oid) FROM pg_tablespace"
                    + " WHERE pg_tablespace_location(oid) <> '' ORDER BY spcname")) {
                while (rs.next()) {
                    places.add(new String[] {"tablespace " + rs.getString(1), rs.getString(2)});
                }
            }
        } catch (SQLException e) {
            String why = e.getMessage() == null
                    ? e.getClass().getSimpleName()
                    : e.getMessage().lines().findFirst().orElse("");
            return new DiskLayout(
                    "reading data_directory failed (" + why + ")"
                            + (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())
                                    ? ": it needs superuser or pg_read_all_settings"
                                    : ""),
                    List.of());
        }
        List<Mount> mounts;
        try {
            mounts = Mount.parse(Files.readAllLines(MOUNTINFO));
        } catch (IOException | RuntimeException e) {
            return new DiskLayout("reading " + MOUNTINFO + " failed: " + e.getMessage(), List.of());
        }
        List<DiskLayout.Location> out = new ArrayList<>();
        for (String[] p : places) {
            out.add(locate(p[0], p[1], mounts));
        }
        return new DiskLayout("ok", out);
    }

    static DiskLayout.Location locate(String role, String path, List<Mount> mounts) {
        String real = null;
        String note = null;
        try {
            real = Path.of(path).toRealPath().toString();
        } catch (IOException | SecurityException e) {
            // The data directory is usually private to the server's OS user: a link inside it (pg_wal
            // moved to another disk) cannot be followed, so its mount is the one of the path as given.
            note = "cannot resolve links from here (" + e.getClass().getSimpleName()
                    + "); mount found for the path as given";
        }
        Mount m = Mount.containing(mounts, real != null ? real : path);
        if (m == null) {
            return new DiskLayout.Location(
                    role, path, real, null, null, null, null, null, "no mount contains the path");
        }
        return new DiskLayout.Location(
                role, path, real, m.mountPoint(), m.source(), m.fsType(), m.options(), rotational(m.source()), note);
    }

    /** /sys/class/block/NAME/queue/rotational, or the parent disk's for a partition; null when unknown. */
    private static Boolean rotational(String source) {
        if (source == null || !source.startsWith("/dev/")) {
            return null;
        }
        try {
            Path dev = Path.of(source).toRealPath();
            Path block = Path.of("/sys/class/block", dev.getFileName().toString());
            Path flag = block.resolve("queue/rotational");
            if (!Files.isReadable(flag)) {
                flag = block.toRealPath().getParent().resolve("queue/rotational");
            }
            return Files.isReadable(flag) ? "1".equals(Files.readString(flag).strip()) : null;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
