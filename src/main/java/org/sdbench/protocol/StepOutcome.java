package org.sdbench.protocol;

/**
 * How one dialog step ended. Expected business and contention results are values, not exceptions;
 * exceptions are kept for bugs and environment failures.
 */
public sealed interface StepOutcome {

    /** A short stable name used as the "errors by kind" key in reports. */
    String kind();

    default boolean ok() {
        return this instanceof Ok;
    }

    /** The step did its work. */
    record Ok() implements StepOutcome {
        public static final Ok INSTANCE = new Ok();

        @Override
        public String kind() {
            return "ok";
        }
    }

    /** The enqueue server refused a lock held by another owner (SAP's "foreign lock"). */
    record LockConflict(String object, String key, String holder) implements StepOutcome {
        @Override
        public String kind() {
            return "lock-conflict";
        }
    }

    /** A wait (for an asynchronous update, or for a work process) exceeded its limit. */
    record Timeout(String what) implements StepOutcome {
        @Override
        public String kind() {
            return "timeout";
        }
    }

    /**
     * The database did not answer within one of its configured bounds (statement, lock, socket
     * read: database.timeouts); the transaction was rolled back and, for a socket timeout, the
     * connection replaced.
     */
    record DbTimeout(String what) implements StepOutcome {
        @Override
        public String kind() {
            return "db-timeout";
        }
    }

    /** A deadlock or serialization failure that was still failing after the configured retries. */
    record RetriesExhausted(String sqlState, int attempts) implements StepOutcome {
        @Override
        public String kind() {
            return "retries-exhausted";
        }
    }

    /** The DB connection broke during the step; the pool replaces it and the user goes on. */
    record ConnectionLost(String message) implements StepOutcome {
        @Override
        public String kind() {
            return "connection-lost";
        }
    }

    /** Any other SQL error, by SQLState. */
    record DbError(String sqlState, String message) implements StepOutcome {
        @Override
        public String kind() {
            return "db-error-" + (sqlState == null ? "unknown" : sqlState);
        }
    }

    /** The step needed a document an earlier step of this loop did not produce (that step failed). */
    record Skipped(String reason) implements StepOutcome {
        @Override
        public String kind() {
            return "skipped";
        }
    }

    /**
     * A save refused to write its document: fields it needs from earlier steps of the loop are
     * missing from the user context (a context that did not see the whole loop, e.g. a new one
     * after a logon to another instance). Nothing was written, so no update request can fail on it.
     */
    record IncompleteDocument(String document, String missing) implements StepOutcome {
        @Override
        public String kind() {
            return "incomplete-document";
        }
    }

    /**
     * The app-server instance the user was logged on to went away (three-tier: its connection broke,
     * or it could not be reached): the user logs on again to another instance, as a real user would,
     * and the run lists the instance among its lost ones.
     */
    record InstanceLost(String message) implements StepOutcome {
        @Override
        public String kind() {
            return "app-server-lost";
        }
    }

    /**
     * The app server, or the message server routing its logon, answered with an error instead of
     * serving it (three-tier): it is there and said why. Not a lost app server.
     */
    record InstanceRefused(String message) implements StepOutcome {
        @Override
        public String kind() {
            return "app-server-refused";
        }
    }

    /**
     * The central services did not answer (three-tier: the enqueue server unreachable from the app
     * server, or the message server from the driver at a logon); the step's transaction was rolled back.
     */
    record EnqueueUnavailable(String message) implements StepOutcome {
        @Override
        public String kind() {
            return "enqueue-unavailable";
        }
    }

    /**
     * The enqueue server refused a request, neither granting it nor naming a conflict (an owner that
     * is not the instance's to use); the step's transaction was rolled back.
     */
    record EnqueueRefused(String message) implements StepOutcome {
        @Override
        public String kind() {
            return "enqueue-refused";
        }
    }

    /**
     * The save was refused because this app-server instance has been fenced: another process took
     * over its update requests after it was declared dead. Nothing was written.
     */
    record InstanceFenced(int instance) implements StepOutcome {
        @Override
        public String kind() {
            return "instance-fenced";
        }
    }
}
