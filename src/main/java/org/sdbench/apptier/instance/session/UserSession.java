package org.sdbench.apptier.instance.session;

import java.util.SplittableRandom;
import org.sdbench.core.MasterKeys;
import org.sdbench.protocol.enqueue.LockOwner;

/**
 * A logged-on user as the app server sees it: its instance, its lock owner, its user context
 * (rolled into a work process for every step) and the business state of its current loop.
 */
public final class UserSession {
    private final int userNo;
    private final int instance;
    private final LockOwner owner;
    private final byte[] context;
    private final SplittableRandom random;
    private final Object state;

    /** A session of run {@code run}: its lock owner names the instance and the run. */
    public UserSession(int userNo, int instance, String run, byte[] context, SplittableRandom random, Object state) {
        this.userNo = userNo;
        this.instance = instance;
        this.owner = LockOwner.session(instance, run, userNo);
        this.context = context;
        this.random = random;
        this.state = state;
    }

    public int userNo() {
        return userNo;
    }

    /** SAP user name of this benchmark user, e.g. SD00042. */
    public String userName() {
        // User numbers start at 1; no String.format on the save steps' path.
        return "SD".concat(MasterKeys.zeroPad(userNo, 5));
    }

    public int instance() {
        return instance;
    }

    public LockOwner owner() {
        return owner;
    }

    public byte[] context() {
        return context;
    }

    /** This user's own random stream, split from the run seed: runs are reproducible. */
    public SplittableRandom random() {
        return random;
    }

    /** The business state the step handler keeps for this user's loop. */
    public <T> T state(Class<T> type) {
        return type.cast(state);
    }

    public Object rawState() {
        return state;
    }
}
