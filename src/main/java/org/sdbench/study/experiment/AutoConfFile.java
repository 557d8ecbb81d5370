package org.sdbench.study.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.database.Database;

/**
 * An external server's postgresql.auto.conf, where this host can read it (the server on this
 * machine, its data directory readable): a copy of its bytes taken before the first ALTER SYSTEM, put
 * back byte for byte when SQL cannot (the server is down after a value it cannot start with) or did
 * not give the same bytes (ALTER SYSTEM rewrites the file in its own layout).
 */
final class AutoConfFile {
    static final String NAME = "postgresql.auto.conf";

    private final Path file;
    private final byte[] found;

    private AutoConfFile(Path file, byte[] found) {
        this.file = file;
        this.found = found;
    }

    /** What {@link #find} found: the file's copy, or why there is none. */
    record Found(AutoConfFile file, String why) {}

    /**
     * The server's postgresql.auto.conf when it is on this machine and readable: the data directory's
     * postmaster.pid must name the server's port, so that a path that exists here by chance is not taken
     * for the server's.
     */
    static Found find(Database db, DatabaseConfig config) {
        if (!DatabaseConfig.loopbackOnly(config.url())) {
            return new Found(null, "the server is on another host");
        }
        String dir;
        String port;
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            dir = one(s, "SHOW data_directory");
            port = one(s, "SHOW port");
        } catch (SQLException e) {
            return new Found(null, "the data directory is not known (" + SettingFacts.firstLine(e) + ")");
        }
        Path data = Path.of(dir);
        try {
            List<String> pid = Files.readAllLines(data.resolve("postmaster.pid"));
            if (pid.size() < 4 || !pid.get(3).strip().equals(port)) {
                return new Found(null, data + " is not this server's data directory on this host");
            }
            return new Found(new AutoConfFile(data.resolve(NAME), Files.readAllBytes(data.resolve(NAME))), null);
        } catch (IOException | SecurityException e) {
            return new Found(null, data.resolve(NAME) + " cannot be read from here (" + e.getMessage() + ")");
        }
    }

    private static String one(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    Path path() {
        return file;
    }

    /** True when the file holds exactly the bytes it held when found. */
    boolean identical() throws IOException {
        return Arrays.equals(found, Files.readAllBytes(file));
    }

    /** Writes the bytes found back into the file itself (its owner and mode stay). */
    void restore() throws IOException {
        Files.write(file, found, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    /** The file's content now, for a message; the reason when it cannot be read. */
    String current() {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(cannot be read: " + e.getMessage() + ")";
        }
    }
}
