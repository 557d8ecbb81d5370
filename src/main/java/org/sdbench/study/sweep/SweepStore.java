package org.sdbench.study.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.sdbench.config.ConfigException;
import org.sdbench.core.EnvironmentException;
import org.sdbench.report.AtomicFiles;
import org.sdbench.report.Json;

/** sweep.json and sweep.html in the sweep folder: rewritten after every run, read back by --resume. */
public final class SweepStore {
    public static final String FILE = "sweep.json";
    public static final String HTML = "sweep.html";
    /** The published JSON Schema of sweep.json. */
    public static final String SCHEMA = "/org/sdbench/study/sweep/sweep.schema.json";

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

    public static void saveHtml(Path dir, SweepResult r) {
        try {
            AtomicFiles.writeString(dir.resolve(HTML), SweepHtml.render(r));
        } catch (IOException e) {
            throw new EnvironmentException("writing " + dir.resolve(HTML) + " failed: " + e.getMessage());
        }
    }

    /** An earlier sweep: its plan and runs are kept; everything else is recomputed from them. */
    public static SweepResult load(Path dir) {
        Path f = dir.resolve(FILE);
        if (!Files.isRegularFile(f)) {
            throw new ConfigException("'--resume' = '" + dir + "' is not allowed: it has no " + FILE
                    + " (give the folder of an earlier sweep)");
        }
        try {
            var tree = Json.MAPPER.readTree(f.toFile());
            int version = tree.path("schemaVersion").asInt();
            if (version != SweepResult.SCHEMA_VERSION) {
                throw new ConfigException("'--resume' = '" + dir + "' is not allowed: its " + FILE
                        + " has schema version " + version + ", this sdbench continues version "
                        + SweepResult.SCHEMA_VERSION + " (start a new sweep)");
            }
            return Json.MAPPER.treeToValue(tree, SweepResult.class);
        } catch (IOException e) {
            throw new ConfigException("'--resume': " + f + " is not a sweep result ("
                    + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }
}
