package org.sdbench.database;

/**
 * What the app tier knows about the order of its statements that the SQL does not show: whose
 * dialog step the statements that follow belong to, which update request a transaction saves or
 * works on, and which earlier update a step read. A connection that records its statements for a
 * replay implements this on the connection itself, so the replay can order its connections where
 * the run's app tier did; on any other connection a session passes the marks to {@link #NONE}.
 */
public interface OrderMarks {
    /** Marks that go nowhere. */
    OrderMarks NONE = new OrderMarks() {
        @Override
        public void stepBegins(int user) {}

        @Override
        public void readsUpdate(String vbkey) {}

        @Override
        public void savesUpdate(String vbkey) {}

        @Override
        public void updateBegins(String vbkey) {}

        @Override
        public void leaseRaised(int instance) {}

        @Override
        public void savesUnderLease(int instance) {}
    };

    /** A dialog step of {@code user} begins: what follows on this connection is that step's, until the next mark. */
    void stepBegins(int user);

    /** The step waited for the V1 update of request {@code vbkey}: its next statements come after that commit. */
    void readsUpdate(String vbkey);

    /** The open transaction saves update request {@code vbkey}: its update may start once it ended. */
    void savesUpdate(String vbkey);

    /** The next transaction works on request {@code vbkey} (its V1, or its V2 after it): after the request's save. */
    void updateBegins(String vbkey);

    /** The open transaction raises the epoch of app-server instance {@code instance}'s lease. */
    void leaseRaised(int instance);

    /** The next round trip saves an update request under {@code instance}'s lease: after the raise of its epoch. */
    void savesUnderLease(int instance);
}
