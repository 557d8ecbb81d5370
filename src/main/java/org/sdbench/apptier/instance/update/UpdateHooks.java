package org.sdbench.apptier.instance.update;

/**
 * Points in an update work process's life where a test can stop it to set up a race exactly
 * (a sweep between V1 and V2, an idle check between taking a request and working on it).
 * The run itself uses {@link #NONE}.
 */
public interface UpdateHooks {
    /** A worker has taken {@code vbkey} from the queue and has not touched the database yet. */
    default void taken(String vbkey) throws InterruptedException {}

    /** V1 of {@code vbkey} has committed and its V2 is about to start. */
    default void betweenV1AndV2(String vbkey) throws InterruptedException {}

    /** A transient failure of {@code vbkey} outlasted the quick retries; it is tried again after a back-off. */
    default void deferred(String vbkey) {}

    UpdateHooks NONE = new UpdateHooks() {};
}
