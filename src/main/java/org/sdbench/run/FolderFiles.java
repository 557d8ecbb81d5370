package org.sdbench.run;

import java.io.IOException;
import java.nio.file.Path;
import org.sdbench.apptier.RunFiles;
import org.sdbench.report.AtomicFiles;
import org.sdbench.report.RunFolder;

/** A tier's view of the run folder, written through the report's own folder layout. */
record FolderFiles(Path dir) implements RunFiles {
    @Override
    public Path config() {
        return dir.resolve(RunFolder.CONFIG);
    }

    @Override
    public Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        AtomicFiles.writeString(file, content);
        return file;
    }

    @Override
    public void addToEnvironment(String key, Object value) {
        RunFolder.addToEnvironment(dir, key, value);
    }

    @Override
    public void discardIfBare(String... startFiles) {
        RunFolder.discardIfBare(dir, startFiles);
    }
}
