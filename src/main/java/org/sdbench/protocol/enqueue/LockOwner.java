package org.sdbench.protocol.enqueue;

/**
 * Who holds an enqueue lock: a dialog session or an update request. Identity is the id only, so
 * an update request owner can be recreated from a persisted id after a restart.
 *
 * <p>Every id an app server makes names the instance and the run it belongs to:
 * {@code user:<instance>-<run>-<user>} for a dialog session, {@code upd:<vbkey>} for an update
 * request, whose key starts with {@code <instance>-<run>-} ({@link #updateKeyPrefix}). So two runs
 * or two instances never share an owner, and the central services can tell from the id alone which
 * instance may act on it.
 */
public record LockOwner(String id) {
    private static final String SESSION = "user:";
    private static final String UPDATE = "upd:";

    /** User {@code user}'s dialog session on instance {@code instance} in run {@code run}. */
    public static LockOwner session(int instance, String run, int user) {
        return new LockOwner(SESSION + instance + "-" + run + "-" + user);
    }

    /** The update request {@code vbkey}'s owner. */
    public static LockOwner update(String vbkey) {
        return new LockOwner(UPDATE + vbkey);
    }

    /** How instance {@code instance}'s update keys of run {@code run} begin. */
    public static String updateKeyPrefix(int instance, String run) {
        return instance + "-" + run + "-";
    }

    /** The instance an owner id names (1 to 99), or 0 when it names none: not an id an app server makes. */
    public static int instanceOf(String id) {
        int colon = id.indexOf(':');
        int dash = id.indexOf('-', colon + 1);
        if (colon < 0 || dash < colon + 2 || dash > colon + 3) {
            return 0;
        }
        int n = 0;
        for (int i = colon + 1; i < dash; i++) {
            char c = id.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            n = 10 * n + (c - '0');
        }
        return n >= 1 && n <= 99 && id.charAt(colon + 1) != '0' ? n : 0;
    }

    /** Whether {@code id} is a dialog session's of run {@code run} (on any instance). */
    public static boolean isSessionOf(String id, String run) {
        if (!id.startsWith(SESSION) || instanceOf(id) == 0) {
            return false;
        }
        int from = id.indexOf('-') + 1;
        return id.startsWith(run + "-", from);
    }

    /** Whether {@code id} is a dialog session's of instance {@code instance} (of any run). */
    public static boolean isSessionOf(String id, int instance) {
        return id.startsWith(SESSION) && instanceOf(id) == instance;
    }

    public LockOwner {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("lock owner id is " + (id == null ? "null" : "blank")
                    + "; a non-blank id such as 'dialog-17' or 'update-42' is required");
        }
    }

    // Written out, not generated: a record's equals and hashCode run through method-handle chains that
    // the JIT left partly uninlined where every enqueue and hand-over looks owners up (a JFR profile).
    @Override
    public boolean equals(Object o) {
        return o instanceof LockOwner other && id.equals(other.id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }
}
