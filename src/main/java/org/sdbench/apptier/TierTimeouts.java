package org.sdbench.apptier;

import java.time.Duration;

/**
 * The bounds of an app tier's own waits that no setting names: how long it waits for processes
 * to start, register, answer a stats or shutdown call, and for a recovered update queue to
 * empty. The waits a user tunes are appServer settings (connectTimeout, replyTimeout,
 * centralTimeout).
 */
public final class TierTimeouts {
    private TierTimeouts() {}

    /** A started child process prints its 'ready' line within this (a cold JVM, a busy host). */
    public static final Duration CHILD_READY = Duration.ofSeconds(90);

    /** Every app-server instance registers with the central services within this. */
    public static final Duration INSTANCES_REGISTERED = Duration.ofSeconds(90);

    /** Between two looks at the central services' list while instances register. */
    public static final Duration REGISTRATION_POLL = Duration.ofMillis(100);

    /** Between two looks at the central services' list while a lost instance is being fenced. */
    public static final Duration FENCE_POLL = Duration.ofMillis(250);

    /** A stats call answers within this at every harvest; a slower process's figures wait for the next. */
    public static final Duration STATS_REPLY = Duration.ofSeconds(10);

    /** A shutdown call answers within its drain bound plus this. */
    public static final Duration SHUTDOWN_MARGIN = Duration.ofSeconds(30);

    /** A child process ends within this once its standard input closed; then it is killed. */
    public static final Duration CHILD_EXIT = Duration.ofSeconds(15);

    /** A killed child process is gone within this. */
    public static final Duration CHILD_KILLED = Duration.ofSeconds(5);

    /** Update requests an earlier run left, recovered at start, are processed within this before users log on. */
    public static final Duration RECOVERED_UPDATES = Duration.ofMinutes(5);
}
