package org.sdbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmallFileTest {
    @TempDir
    Path tmp;

    private Path secret(String text) throws IOException {
        Path f = tmp.resolve("secret");
        Files.writeString(f, text);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        return f;
    }

    @Test
    void readSecret_ownerOnlySmallFile_returnsText() throws IOException {
        assertEquals("s3cret\n", SmallFile.readSecret("'k' = 'f'", secret("s3cret\n")));
    }

    @Test
    void readSecret_hugeSparseFile_refusedBySizeWithoutReading() throws IOException {
        Path f = secret("");
        try (RandomAccessFile r = new RandomAccessFile(f.toFile(), "rw")) {
            r.setLength(3L << 30);
        }
        var e = assertThrows(ConfigException.class, () -> SmallFile.readSecret("'database.passwordFile' = 'f'", f));
        assertEquals(
                "'database.passwordFile' = 'f' is larger than 64 KiB, the most allowed for this file", e.getMessage());
    }

    @Test
    void readSecret_fifo_refusedWithoutBlocking() throws Exception {
        Path fifo = tmp.resolve("fifo");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo");
        var e = assertTimeoutPreemptively(
                Duration.ofSeconds(10),
                () -> assertThrows(
                        ConfigException.class, () -> SmallFile.readSecret("'appServer.tokenFile' = 'x'", fifo)));
        assertTrue(e.getMessage().contains("is a named pipe (FIFO), not a regular file"), e.getMessage());
    }

    @Test
    void read_device_namesDevice() {
        var e = assertThrows(
                ConfigException.class, () -> SmallFile.read("--config: '/dev/zero'", Path.of("/dev/zero"), 1024));
        assertTrue(e.getMessage().startsWith("--config: '/dev/zero' is a character device"), e.getMessage());
    }

    @Test
    void read_directory_namesDirectory() {
        var e = assertThrows(ConfigException.class, () -> SmallFile.read("--config: 'd'", tmp, 1024));
        assertTrue(e.getMessage().startsWith("--config: 'd' is a directory"), e.getMessage());
    }

    @Test
    void readSecret_groupReadable_refused() throws IOException {
        Path f = secret("s3cret");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r-----"));
        var e = assertThrows(ConfigException.class, () -> SmallFile.readSecret("'k' = 'f'", f));
        assertTrue(e.getMessage().contains("chmod 600"), e.getMessage());
    }

    @Test
    void readSecret_missing_saysDoesNotExist() {
        var e = assertThrows(ConfigException.class, () -> SmallFile.readSecret("'k' = 'f'", tmp.resolve("none")));
        assertEquals("'k' = 'f' does not exist: give the path of a file", e.getMessage());
    }
}
