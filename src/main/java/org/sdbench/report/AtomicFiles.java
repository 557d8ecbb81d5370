package org.sdbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file by writing a temporary file beside it and moving that over it, so a process killed
 * while writing leaves the previous version or the new one, never half a file.
 */
public final class AtomicFiles {
    /** Writes the complete content to the path it is given. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Path file) throws IOException;
    }

    private AtomicFiles() {}

    public static void write(Path target, Content content) throws IOException {
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        try {
            content.writeTo(tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public static void writeString(Path target, String text) throws IOException {
        write(target, f -> Files.writeString(f, text, StandardCharsets.UTF_8));
    }
}
