package org.sdbench.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Base64;
import org.postgresql.PGConnection;
import org.sdbench.config.SmallFile;

/**
 * Password authentication for the embedded server, whose library creates it with "trust" (any
 * local user may connect as superuser). A random password is generated once and kept beside the
 * data directory, readable by its owner only; the server gets its own pg_hba.conf that asks every
 * connection for it (scram-sha-256). A data directory that has not been secured yet (new, or
 * created by an older sdbench) is secured on its next start: one start under the library's
 * loopback-only trust to set the password, then the real start.
 */
final class EmbeddedAuth {
    static final String USER = "postgres";
    private static final String SECURED_MARKER = "sdbench-password-auth";

    private final Path dataDir;
    private final Path passwordFile;
    private final Path hbaFile;

    EmbeddedAuth(Path dataDir) {
        this.dataDir = dataDir;
        this.passwordFile = dataDir.resolveSibling(dataDir.getFileName() + ".password");
        this.hbaFile = dataDir.resolveSibling(dataDir.getFileName() + ".pg_hba.conf");
    }

    /** Whether the server in the data directory already asks for the password. */
    boolean secured() {
        return Files.isRegularFile(dataDir.resolve(SECURED_MARKER));
    }

    /** The password, generated (owner-only file) the first time. */
    String password() throws IOException {
        if (!Files.exists(passwordFile)) {
            byte[] raw = new byte[24];
            new SecureRandom().nextBytes(raw);
            String pw = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
            try {
                Files.createFile(
                        passwordFile,
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(passwordFile, pw + "\n", StandardCharsets.UTF_8);
            } catch (FileAlreadyExistsException e) {
                // Another sdbench created it first: use theirs.
            }
        }
        String pw = SmallFile.readSecret("the embedded server's password file " + passwordFile, passwordFile)
                .strip();
        if (pw.isEmpty()) {
            throw new IOException(passwordFile + " is empty: delete it and " + dataDir.resolve(SECURED_MARKER)
                    + ", then start again to set a new password");
        }
        return pw;
    }

    /** Sets the password on a server still running under trust and records that the data directory is secured. */
    void secure(EmbeddedPostgres trusting) throws IOException {
        String pw = password();
        try (Connection c = trusting.getPostgresDatabase().getConnection()) {
            // Hashed on the client: the clear password never reaches the server's logs.
            c.unwrap(PGConnection.class).alterUserPassword(USER, pw.toCharArray(), "scram-sha-256");
        } catch (SQLException e) {
            throw new IOException("setting the embedded server's password: " + e.getMessage(), e);
        }
        Files.writeString(
                dataDir.resolve(SECURED_MARKER),
                "password authentication (scram-sha-256) since " + Instant.now() + "; the password is in "
                        + passwordFile + "\n");
    }

    /** Makes the builder start a server that asks for the password, and connect with it. */
    EmbeddedPostgres.Builder apply(EmbeddedPostgres.Builder b) throws IOException {
        Files.writeString(
                hbaFile,
                String.join(
                        "\n",
                        "# Written by sdbench: every connection must give the password in " + passwordFile,
                        "local all all scram-sha-256",
                        "host all all 127.0.0.1/32 scram-sha-256",
                        "host all all ::1/128 scram-sha-256",
                        ""));
        return b.setServerConfig("hba_file", hbaFile.toString())
                .setServerConfig("password_encryption", "scram-sha-256")
                .setConnectConfig("password", password());
    }
}
