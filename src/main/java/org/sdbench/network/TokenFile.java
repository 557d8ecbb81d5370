package org.sdbench.network;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.sdbench.config.ConfigException;
import org.sdbench.config.SmallFile;

/**
 * A shared secret in a file only its owner may read: what a listener on a non-loopback address requires
 * (the project's rule). The secret is never logged or printed; only the file's path is.
 */
public final class TokenFile {
    private TokenFile() {}

    /** The token's bytes (first line, trimmed); refuses a missing, empty, short or group/world-accessible file. */
    public static byte[] read(String key, Path file) {
        String t = SmallFile.readSecret("'" + key + "' = '" + file + "'", file)
                .lines()
                .findFirst()
                .orElse("")
                .trim();
        if (t.length() < 16) {
            throw new ConfigException("'" + key + "' = '" + file
                    + "' is not allowed: the token must be at least 16 "
                    + "characters on its first line (e.g. head -c 32 /dev/urandom | base64 > " + file + ")");
        }
        return t.getBytes(StandardCharsets.UTF_8);
    }
}
