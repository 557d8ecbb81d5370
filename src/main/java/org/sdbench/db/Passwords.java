package org.sdbench.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sdbench.config.ConfigException;
import org.sdbench.config.DatabaseConfig;

/**
 * Finds the database password without it ever touching the command line: an environment
 * variable, a file, or (null returned) the driver's own ~/.pgpass lookup.
 */
final class Passwords {
    private Passwords() {
    }

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
                return Files.readString(p).strip();
            } catch (IOException e) {
                throw new ConfigException("'database.passwordFile' = '" + db.passwordFile()
                        + "' cannot be read (" + e.getClass().getSimpleName() + "): give a readable file holding the password");
            }
        }
        return null;
    }
}
