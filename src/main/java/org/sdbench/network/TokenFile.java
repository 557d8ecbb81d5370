package org.sdbench.network;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.sdbench.config.ConfigException;

/**
 * A shared secret in a file only its owner may read: what a listener on a non-loopback address requires
 * (the project's rule). The secret is never logged or printed; only the file's path is.
 */
public final class TokenFile {
    private static final Set<PosixFilePermission> OTHERS = Set.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    private TokenFile() {}

    /** The token's bytes (first line, trimmed); refuses a missing, empty, short or group/world-accessible file. */
    public static byte[] read(String key, Path file) {
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.stream().anyMatch(OTHERS::contains)) {
                throw new ConfigException(
                        "'" + key + "' = '" + file + "' is not allowed: the token file must be readable "
                                + "by its owner only (chmod 600 " + file + ")");
            }
            String t = Files.readString(file, StandardCharsets.UTF_8)
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
        } catch (IOException | UnsupportedOperationException e) {
            throw new ConfigException(
                    "'" + key + "' = '" + file + "' is not allowed: a readable token file with owner-only "
                            + "permissions (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
    }
}
