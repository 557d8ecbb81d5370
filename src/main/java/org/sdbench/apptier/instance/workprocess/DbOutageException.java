package org.sdbench.apptier.instance.workprocess;

import org.sdbench.core.EnvironmentException;

/** The database gave no connection for longer than database.timeouts.maxOutage: the run cannot go on. */
public final class DbOutageException extends EnvironmentException {
    public DbOutageException(String message) {
        super(message);
    }
}
