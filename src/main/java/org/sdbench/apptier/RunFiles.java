package org.sdbench.apptier;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The run folder as a tier uses it: the processes it starts read the run's configuration and
 * write their logs there, and it adds what it measured before the run to the run's environment
 * record. The folder's layout belongs to the report; the run hands this view over.
 */
public interface RunFiles {
    /** The run's folder. */
    Path dir();

    /** The run's effective configuration, written at the start. */
    Path config();

    /** Writes {@code content} atomically as {@code name} in the folder; returns its path. */
    Path write(String name, String content) throws IOException;

    /** Records {@code value} under {@code key} in the run's environment record. */
    void addToEnvironment(String key, Object value);

    /**
     * Removes the folder of a run refused before it started when it holds nothing but what the start
     * wrote and {@code startFiles}.
     */
    void discardIfBare(String... startFiles);
}
