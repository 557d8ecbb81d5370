package org.sdbench.study.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.sdbench.core.EnvironmentException;

/**
 * The second server's data: a copy of the embedded server's stopped data directory beside it
 * ({@code cp -a --reflink=auto}, so a copy-on-write file system shares the blocks), with the files
 * the embedded server keeps next to its directory (password, client authentication); its port is
 * picked afresh. Removing it removes all of these and the copy's port record and log.
 */
final class DuetCopy {
    /** A copy that has not finished by then is a failed one (a data set of a few GB copies in well under that). */
    static final long COPY_BOUND_SECONDS = 600;

    private static final List<String> BESIDE = List.of(".password", ".pg_hba.conf");
    private static final List<String> OWN = List.of(".port", ".log", ".password", ".pg_hba.conf");

    private DuetCopy() {}

    /** Where the copy of {@code dataDir} goes. */
    static Path of(Path dataDir) {
        return dataDir.resolveSibling(dataDir.getFileName() + "-duet");
    }

    /** Copies the stopped server's {@code dataDir} to {@link #of}, replacing what a previous experiment left there. */
    static Path copy(Path dataDir) throws InterruptedException {
        Path to = of(dataDir);
        remove(to);
        Process p;
        try {
            p = new ProcessBuilder("cp", "-a", "--reflink=auto", dataDir.toString(), to.toString())
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new EnvironmentException("cannot copy " + dataDir + " for the second server: " + e.getMessage());
        }
        try {
            if (!p.waitFor(COPY_BOUND_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new EnvironmentException(
                        "copying " + dataDir + " for the second server took more than " + COPY_BOUND_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            remove(to);
            throw e;
        }
        if (p.exitValue() != 0) {
            String said = said(p);
            remove(to);
            throw new EnvironmentException("copying " + dataDir + " for the second server failed: " + said
                    + " (the copy needs as much free space as the data set)");
        }
        try {
            Files.deleteIfExists(to.resolve("postmaster.pid"));
            for (String suffix : BESIDE) {
                Path from = dataDir.resolveSibling(dataDir.getFileName() + suffix);
                if (Files.exists(from)) {
                    Files.copy(
                            from,
                            to.resolveSibling(to.getFileName() + suffix),
                            StandardCopyOption.COPY_ATTRIBUTES,
                            StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            remove(to);
            throw new EnvironmentException("cannot copy the files beside " + dataDir + ": " + e.getMessage());
        }
        return to;
    }

    /** Deletes the copy and the files beside it; nothing when there is none. */
    static void remove(Path copy) {
        try {
            if (Files.exists(copy)) {
                try (Stream<Path> all = Files.walk(copy)) {
                    for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(f);
                    }
                }
            }
            for (String suffix : OWN) {
                Files.deleteIfExists(copy.resolveSibling(copy.getFileName() + suffix));
            }
        } catch (IOException e) {
            throw new EnvironmentException(
                    "cannot remove the second server's copy " + copy + " (" + e.getMessage() + "): delete it by hand");
        }
    }

    private static String said(Process p) {
        try {
            String s = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return s.isEmpty()
                    ? "cp exit " + p.exitValue()
                    : s.lines().reduce((a, b) -> b).orElse(s);
        } catch (IOException e) {
            return "cp exit " + p.exitValue();
        }
    }
}
