package org.sdbench.protocol.wire;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.sdbench.config.SmallFile;

/**
 * The shared secret of a three-tier system, read from a file only its owner may read. It never
 * crosses the wire: peers prove they know it with an HMAC over a fresh challenge.
 */
public final class Token {
    private final byte[] secret;

    private Token(byte[] secret) {
        this.secret = secret;
    }

    /** The environment variable a run hands its own child processes their per-run token in (never argv or a file). */
    public static final String ENVIRONMENT = "SDBENCH_WIRE_TOKEN";

    /** A fresh random token: one per run that starts its own processes. */
    public static Token random() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return new Token(HexFormat.of().formatHex(b).getBytes(StandardCharsets.UTF_8));
    }

    /** The token as text for a child's environment. */
    public String forEnvironment() {
        return new String(secret, StandardCharsets.UTF_8);
    }

    /** The token the parent run put in this process's environment; null when there is none. */
    public static Token fromEnvironment() {
        String v = System.getenv(ENVIRONMENT);
        if (v == null || v.isBlank()) {
            return null;
        }
        if (v.strip().length() < 16) {
            throw new WireException(ENVIRONMENT + " holds " + v.strip().length() + " bytes: at least 16 are required");
        }
        return new Token(v.strip().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The token file of processes started by hand on this machine when appServer.tokenFile is
     * empty: created once, readable only by its owner, so central services, app servers and
     * driver of one user find the same token without any setting.
     */
    public static Token readOrCreate(Path file) {
        if (!Files.exists(file)) {
            try {
                Files.createDirectories(file.getParent());
                Path tmp = Files.createTempFile(
                        file.getParent(),
                        ".wire-token",
                        ".tmp",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(tmp, random().forEnvironment() + "\n");
                try {
                    Files.move(tmp, file);
                } catch (IOException e) {
                    // Another process created it first: use theirs.
                    Files.deleteIfExists(tmp);
                }
            } catch (IOException e) {
                throw new WireException("cannot create the token file " + file + ": " + e.getMessage()
                        + " (set appServer.tokenFile to a file readable only by you)");
            }
        }
        return read(file);
    }

    /** Reads the token file; refuses a file others may read, or an empty one. */
    public static Token read(Path file) {
        byte[] s = SmallFile.readSecret("token file " + file, file).strip().getBytes(StandardCharsets.UTF_8);
        if (s.length < 16) {
            throw new WireException("token file " + file + " holds " + s.length + " bytes: at least 16 are required");
        }
        return new Token(s);
    }

    /** Labels that keep a client's proof from ever passing as a server's, and the reverse. */
    static final String CLIENT = "client:";

    static final String SERVER = "server:";

    /**
     * HMAC-SHA256 over the verifier's challenge, the prover's own challenge and a label naming the
     * prover's side and the client's role: a proof answers one exchange, one direction only.
     */
    byte[] prove(byte[] verifierChallenge, byte[] proverChallenge, String label) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update(verifierChallenge);
            mac.update(proverChallenge);
            return mac.doFinal(label.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java 21 runtime", e);
        }
    }

    boolean verify(byte[] verifierChallenge, byte[] proverChallenge, String label, byte[] proof) {
        return MessageDigest.isEqual(prove(verifierChallenge, proverChallenge, label), proof);
    }
}
