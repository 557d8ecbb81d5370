package org.sdbench.database;

import java.nio.file.Files;
import java.nio.file.Path;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.SmallFile;

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
            return SmallFile.readSecret("'database.passwordFile' = '" + db.passwordFile() + "'", p)
                    .strip();
        }
        Path pgpass = pgpass();
        if (pgpass != null && Files.isRegularFile(pgpass)) {
            SmallFile.requireOwnerOnly("password file " + pgpass + " (read by the JDBC driver)", pgpass);
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
}
