package org.sdbench.db;

/**
 * What the app tier knows about the order of its statements that the SQL does not show: whose
 * dialog step the statements that follow belong to, and which earlier update they read. A
 * connection that records its statements for a replay implements this on the connection itself,
 * so the replay can run a step after the updates whose documents it reads, whichever connections
 * ran them; on any other connection a session passes the marks to {@link #NONE}.
 */
public interface StepMarks {
    /** Marks that go nowhere. */
    StepMarks NONE = new StepMarks() {
        @Override
        public void stepBegins(int user) {}

        @Override
        public void readsUpdate(String vbkey) {}
    };

    /** A dialog step of {@code user} begins: what follows on this connection is that step's, until the next mark. */
    void stepBegins(int user);

    /** The step waited for the V1 update of request {@code vbkey}: its next statements come after that commit. */
    void readsUpdate(String vbkey);
}
