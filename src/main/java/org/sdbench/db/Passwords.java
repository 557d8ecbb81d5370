package org.sdbench.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import org.sdbench.config.ConfigException;
import org.sdbench.config.DatabaseConfig;

/**
 * Finds the database password without it ever touching the command line: an environment
 * variable, a file, or (null returned) the driver's own ~/.pgpass lookup. As libpq does, a
 * password file that its group or others may read is refused: the password is no secret there.
 */
public final class Passwords {
    private Passwords() {}

    static String resolve(DatabaseConfig db) {
        if (!db.passwordEnv().isEmpty()) {
            String v = System.getenv(db.passwordEnv());
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        if (!db.passwordFile().isEmpty()) {
            Path p = Path.of(db.passwordFile().replaceFirst("^~", System.getProperty("user.home")));
            try {
                requireOwnerOnly(p, "'database.passwordFile' = '" + db.passwordFile() + "'");
                return Files.readString(p).strip();
            } catch (IOException e) {
                throw new ConfigException("'database.passwordFile' = '" + db.passwordFile() + "' cannot be read ("
                        + e.getClass().getSimpleName() + "): give a readable file holding the password");
            }
        }
        Path pgpass = pgpass();
        if (pgpass != null && Files.isRegularFile(pgpass)) {
            requireOwnerOnly(pgpass, "password file " + pgpass + " (read by the JDBC driver)");
        }
        return null;
    }

    private static Path pgpass() {
        String env = System.getenv("PGPASSFILE");
        if (env != null && !env.isEmpty()) {
            return Path.of(env);
        }
        String home = System.getProperty("user.home");
        return home == null ? null : Path.of(home, ".pgpass");
    }

    /** Where POSIX permissions exist, the file must not be open to group or others (libpq's rule for .pgpass). */
    public static void requireOwnerOnly(Path file, String what) {
        Set<PosixFilePermission> perms;
        try {
            perms = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException e) {
            return;
        } catch (IOException e) {
            throw new ConfigException(what + " cannot be read (" + e.getClass().getSimpleName()
                    + "): give a readable file holding the password");
        }
        Set<PosixFilePermission> open = EnumSet.of(
                PosixFilePermission.GROUP_READ,
                PosixFilePermission.GROUP_WRITE,
                PosixFilePermission.GROUP_EXECUTE,
                PosixFilePermission.OTHERS_READ,
                PosixFilePermission.OTHERS_WRITE,
                PosixFilePermission.OTHERS_EXECUTE);
        open.retainAll(perms);
        if (!open.isEmpty()) {
            throw new ConfigException(what + " is accessible by group or others ("
                    + PosixFilePermissions.toString(perms) + "): allowed is owner only, e.g. chmod 600 " + file);
        }
    }
}
