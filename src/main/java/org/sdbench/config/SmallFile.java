package org.sdbench.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * A file the user names (configuration, workload, password, token), read only when it is a regular file
 * and at most a given size: a FIFO would block the read forever, a device or a huge file would exhaust
 * memory. Every refusal is one {@link ConfigException} line saying what the path is instead.
 */
public final class SmallFile {
    /** Configuration and workload files: far above any real one. */
    public static final int CONFIG_LIMIT = 1 << 20;
    /** Passwords and tokens: one line. */
    public static final int SECRET_LIMIT = 64 << 10;

    private static final Set<PosixFilePermission> GROUP_OR_OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    private SmallFile() {}

    /**
     * The file's text (UTF-8).
     *
     * @param what how messages name it, e.g. {@code 'database.passwordFile' = '/x'} or {@code --config: '/x'}
     */
    public static String read(String what, Path file, int limit) {
        requireRegular(what, file, limit);
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes(limit + 1);
            if (b.length > limit) {
                throw tooLarge(what, limit);
            }
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(what + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** A secret's text: as {@link #read}, and only from a file no one but its owner may open. */
    public static String readSecret(String what, Path file) {
        requireRegular(what, file, SECRET_LIMIT);
        requireOwnerOnly(what, file);
        return read(what, file, SECRET_LIMIT);
    }

    /** Refuses anything but an existing regular file of at most {@code limit} bytes, naming what the path is. */
    public static void requireRegular(String what, Path file, int limit) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new ConfigException(what + " does not exist: give the path of a file");
        } catch (IOException e) {
            throw new ConfigException(what + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        if (!a.isRegularFile()) {
            throw new ConfigException(what + " is " + kind(file, a) + ", not a regular file: give the path of a file");
        }
        if (a.size() > limit) {
            throw tooLarge(what, limit);
        }
    }

    /** Where POSIX permissions exist, the file must not be open to group or others (libpq's rule for .pgpass). */
    public static void requireOwnerOnly(String what, Path file) {
        Set<PosixFilePermission> perms;
        try {
            perms = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException e) {
            return;
        } catch (IOException e) {
            throw new ConfigException(what + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        Set<PosixFilePermission> open = EnumSet.copyOf(GROUP_OR_OTHERS);
        open.retainAll(perms);
        if (!open.isEmpty()) {
            throw new ConfigException(what + " is accessible by group or others ("
                    + PosixFilePermissions.toString(perms) + "): allowed is owner only, e.g. chmod 600 " + file);
        }
    }

    private static ConfigException tooLarge(String what, int limit) {
        return new ConfigException(what + " is larger than " + (limit >> 10) + " KiB, the most allowed for this file");
    }

    private static String kind(Path file, BasicFileAttributes a) {
        if (a.isDirectory()) {
            return "a directory";
        }
        int type;
        try {
            type = ((Integer) Files.getAttribute(file, "unix:mode")) & 0170000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "a special file";
        }
        return switch (type) {
            case 0010000 -> "a named pipe (FIFO)";
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            case 0140000 -> "a socket";
            default -> "a special file";
        };
    }
}
