package org.sdbench.apptier.process;

/** The exit codes of every sdbench command, as the README's table of exit codes lists them. */
public final class ExitCode {
    public static final int OK = 0;
    /** The command completed but a threshold or audit failed. */
    public static final int FAILED_CHECK = 1;
    /** Bad command line or configuration. */
    public static final int USAGE = 2;
    /** The environment is not usable: DB unreachable, schema missing, wrong password. */
    public static final int ENVIRONMENT = 3;
    /** Interrupted (Ctrl-C, SIGTERM): whatever was measured so far is still reported. */
    public static final int INTERRUPTED = 130;

    private ExitCode() {}
}
