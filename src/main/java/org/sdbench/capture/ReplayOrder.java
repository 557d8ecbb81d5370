package org.sdbench.capture;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.OptionalLong;

/**
 * What orders one replayed connection after another where the run's app tier did: an update work
 * process takes a request only after the dialog transaction that saved it committed (the update
 * task's queue), while each replayed connection runs its own script as fast as it can. Left
 * unordered, the replay's update clients reached nearly every request before its dialog client had
 * written it and did none of the update work.
 *
 * <p>The capture writes two kinds of line for it, outside any transaction: after the COMMIT (or
 * ROLLBACK) of a dialog transaction that saved a request, {@link #release}; before the transaction
 * whose first statement locks that request in VBHDR, {@link #await}, which waits for the release and
 * holds nothing while it waits. The replay's scripts take each released lock before their start
 * gate ({@link #acquire}), so a request's lock is held from the start until its save committed. The
 * lock is the request key's 64-bit hash in the one-key form, which no other lock of the replay uses
 * (its chain and gate locks take two keys): the app-server processes of a three-tier run record
 * apart and still name a request alike, and two of a run's requests share a lock with a chance of
 * about n&sup2; / 2<sup>65</sup>. The two statements are recognised by their text: should the update
 * code's change, the replay leaves requests in VBHDR, which it reports and {@code ReplayBenchTest} fails on.
 */
public final class ReplayOrder {
    private static final String RELEASE = "SELECT pg_advisory_unlock(";
    private static final String AWAIT = "SELECT pg_advisory_xact_lock(";
    /** The update request's save (UpdateRequestWriter): its first parameter is the request's key. */
    private static final String SAVE = "INSERT INTO vbhdr ";
    /** The update task's lock of a request (PendingModules): its first parameter is the request's key. */
    private static final String LOCK = "SELECT vbstate FROM vbhdr WHERE vbkey = ? FOR UPDATE";

    private ReplayOrder() {}

    /** The lock of the request {@code e} saves, if it saves one. */
    static OptionalLong saved(SqlLiterals.Execution e) {
        return lock(e, false);
    }

    /** The lock of the request {@code e} locks in VBHDR, if it is the update task's lock. */
    static OptionalLong locked(SqlLiterals.Execution e) {
        return lock(e, true);
    }

    private static OptionalLong lock(SqlLiterals.Execution e, boolean isLock) {
        String s = e.sql().strip();
        boolean match = isLock ? s.equals(LOCK) : s.startsWith(SAVE);
        List<SqlLiterals.Param> p = e.params();
        if (!match || p.isEmpty() || !(p.get(0).value() instanceof String key)) {
            return OptionalLong.empty();
        }
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return OptionalLong.of(ByteBuffer.wrap(h).getLong());
        } catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException("every JDK has SHA-256", ex);
        }
    }

    /** The line after a save's transaction ended. */
    static String release(long lock) {
        return RELEASE + lock + ");";
    }

    /** The line before a transaction that locks a request: waits for its release, then lets go. */
    static String await(long lock) {
        return AWAIT + lock + ");";
    }

    /** Whether {@code line} is a {@link #release} line. */
    public static boolean isRelease(String line) {
        return line.startsWith(RELEASE) && !line.contains(",");
    }

    /** Whether {@code line} is an {@link #await} line. */
    public static boolean isAwait(String line) {
        return line.startsWith(AWAIT) && !line.contains(",");
    }

    /** What a script runs before its start gate for a {@link #release} line: the lock that line lets go. */
    public static String acquire(String releaseLine) {
        if (!isRelease(releaseLine)) {
            throw new IllegalArgumentException("not a replay-order release line: " + releaseLine);
        }
        return "SELECT pg_advisory_lock(" + releaseLine.substring(RELEASE.length());
    }
}
