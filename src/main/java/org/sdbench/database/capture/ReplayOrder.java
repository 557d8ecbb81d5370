package org.sdbench.database.capture;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.regex.Pattern;

/**
 * What orders one replayed connection after another where the run's app tier did, while each
 * replayed connection runs its own script as fast as it can. Three orders are kept:
 * <ul>
 *   <li>an update work process takes a request only after the dialog transaction that saved it
 *       committed (the update task's queue); left unordered, the replay's update clients reached
 *       nearly every request before its dialog client had written it and did none of the update work;
 *   <li>a dialog step runs after the V1 update of each of its user's latest requests that had
 *       committed when it began, and after the one it waited for (a delivery waits for its
 *       order's): the documents it reads are there. Left unordered, a user's steps ran on whichever
 *       connection came first, and a replayed display or follow-on document found nothing;
 *   <li>a save writes its update request after the app server's start raised the epoch of the
 *       instance's lease, which the request's header is written under: put back to where the run
 *       found it, the epoch would otherwise turn saves that came first into no-ops.
 * </ul>
 *
 * <p>The capture writes two kinds of line for them: where the earlier event is over, {@link
 * #release} (after the COMMIT or ROLLBACK of a save, after the COMMIT of a V1 update); before the
 * first round trip that must come after it, {@link #await}, which waits for the release in shared
 * mode: it may ride on a transaction and hold its lock to the end, where several steps wait for the
 * same update, and a shared lock keeps none of them from the others. The replay's scripts take each
 * released lock that another connection waits for before their start gate ({@link #acquire}), so a
 * lock is held from the start until its event is over, and a lock the server holds for each such
 * event is the price: about two per saved request, one per lease. Every edge points back in the
 * run's time, so the replay cannot deadlock on them. A lock is a 64-bit hash in the one-key form,
 * which no other lock of the replay uses (its chain and gate locks take two keys): of the request
 * key for a save, of the key and "V1" for an update, of "lease" and the instance number for a
 * lease. The app-server processes of a three-tier run record apart and still name a request alike
 * (a user stays on its instance, whose update task runs the user's requests); two of a run's locks
 * coincide with a chance of about n&sup2; / 2<sup>65</sup>. The app tier tells the capture where
 * each event is ({@link org.sdbench.database.OrderMarks}): the SQL alone does not say which step a
 * statement belongs to, nor which request a transaction saves or updates.
 */
public final class ReplayOrder {
    private static final String RELEASE = "SELECT pg_advisory_unlock(";
    private static final String AWAIT = "SELECT pg_advisory_xact_lock_shared(";
    /** A line of either kind, alone: one lock in the one-key form. */
    private static final Pattern ORDER_LINE =
            Pattern.compile("SELECT pg_advisory_(?:unlock|xact_lock_shared)\\(-?[0-9]+\\);");

    private ReplayOrder() {}

    /** Released once the save of request {@code vbkey} ended. */
    static long saveLock(String vbkey) {
        return hash(vbkey);
    }

    /** Released once the V1 update of request {@code vbkey} committed. */
    static long v1Lock(String vbkey) {
        return hash("V1 " + vbkey);
    }

    /** Released once the start of app-server instance {@code instance} raised its lease's epoch. */
    static long leaseLock(int instance) {
        return hash("lease " + instance);
    }

    private static long hash(String text) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(h).getLong();
        } catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException("every JDK has SHA-256", ex);
        }
    }

    /** The line where the event {@code lock} stands for is over. */
    static String release(long lock) {
        return RELEASE + lock + ");";
    }

    /** The line before a round trip that must come after {@code lock}'s event: waits for its release, in shared mode. */
    static String await(long lock) {
        return AWAIT + lock + ");";
    }

    /** Whether {@code line} is a {@link #release} line. */
    public static boolean isRelease(String line) {
        return line.startsWith(RELEASE) && ORDER_LINE.matcher(line).matches();
    }

    /** Whether {@code line} is an {@link #await} line. */
    public static boolean isAwait(String line) {
        return line.startsWith(AWAIT) && ORDER_LINE.matcher(line).matches();
    }

    /** The lock of an order line, as the line spells it. */
    public static String lockOf(String orderLine) {
        return orderLine.substring(orderLine.indexOf('(') + 1, orderLine.indexOf(')'));
    }

    /** What a script runs before its start gate for a {@link #release} line: the lock that line lets go. */
    public static String acquire(String releaseLine) {
        if (!isRelease(releaseLine)) {
            throw new IllegalArgumentException("not a replay-order release line: " + releaseLine);
        }
        return "SELECT pg_advisory_lock(" + releaseLine.substring(RELEASE.length());
    }
}
