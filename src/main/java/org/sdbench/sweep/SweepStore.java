package org.sdbench.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.sdbench.config.ConfigException;
import org.sdbench.core.EnvironmentException;
import org.sdbench.report.Json;

/** sweep.json in the sweep folder: rewritten after every level, read back by --resume. */
public final class SweepStore {
    public static final String FILE = "sweep.json";

    private SweepStore() {}

    public static void save(Path dir, SweepResult r) {
        Path tmp = dir.resolve(FILE + ".tmp");
        try {
            Json.MAPPER.writeValue(tmp.toFile(), r);
            // Replace atomically: a sweep killed while writing must still find its last good state.
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new EnvironmentException("writing " + dir.resolve(FILE) + " failed: " + e.getMessage());
        }
    }

    /** The levels an earlier sweep finished; knee and model are recomputed from them, never trusted from the file. */
    public static List<SweepRun> levels(Path dir) {
        Path f = dir.resolve(FILE);
        if (!Files.isRegularFile(f)) {
            throw new ConfigException("--resume '" + dir + "' is not allowed: it has no " + FILE
                    + " (give the folder of an earlier sweep)");
        }
        try {
            var tree = Json.MAPPER.readTree(f.toFile());
            return List.of(Json.MAPPER.treeToValue(tree.path("levels"), SweepRun[].class));
        } catch (IOException e) {
            throw new ConfigException("--resume: " + f + " is not a sweep result ("
                    + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    public static SweepResult load(Path dir) {
        Path f = dir.resolve(FILE);
        if (!Files.isRegularFile(f)) {
            throw new ConfigException("--resume '" + dir + "' is not allowed: it has no " + FILE
                    + " (give the folder of an earlier sweep)");
        }
        try {
            return Json.MAPPER.readValue(f.toFile(), SweepResult.class);
        } catch (IOException e) {
            throw new ConfigException("--resume: " + f + " is not a sweep result ("
                    + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }
}
