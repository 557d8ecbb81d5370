package org.sdbench.study.experiment;

import java.io.IOException;
import java.nio.file.Path;
import org.sdbench.core.EnvironmentException;
import org.sdbench.report.AtomicFiles;
import org.sdbench.report.Json;

/** experiment.json and experiment.html in the experiment folder, each replaced atomically. */
public final class ExperimentStore {
    public static final String JSON = "experiment.json";
    public static final String HTML = "experiment.html";
    public static final String SCHEMA = "/org/sdbench/study/experiment/experiment.schema.json";

    private ExperimentStore() {}

    static void save(Path dir, ExperimentResult r) {
        try {
            AtomicFiles.write(dir.resolve(JSON), f -> Json.MAPPER.writeValue(f.toFile(), r));
        } catch (IOException e) {
            throw new EnvironmentException("writing " + dir.resolve(JSON) + " failed: " + e.getMessage());
        }
    }

    static void saveHtml(Path dir, ExperimentResult r) {
        try {
            AtomicFiles.writeString(dir.resolve(HTML), ExperimentHtml.render(r));
        } catch (IOException e) {
            throw new EnvironmentException("writing " + dir.resolve(HTML) + " failed: " + e.getMessage());
        }
    }
}
