package org.sdbench.study.bench;

import java.time.Duration;
import java.util.List;
import org.sdbench.database.Database;

/**
 * What PostgreSQL counted for the recorded run and for its replay, read at the four edges, and
 * the rows a run changes from the values it read carried from the one start to the other ({@link
 * GuardedRows}): one replay's comparison of the work the database did.
 */
final class ReplayWork {
    /** Long enough for a run's connections to end and for the server's idle report interval (10 s). */
    private static final Duration SETTLE = Duration.ofSeconds(30);
    /** Tables named per line at most. */
    private static final int NAMED = 6;

    private final Database db;
    private GuardedRows guarded;
    private TableWork recordFrom;
    private TableWork recordTo;
    private TableWork replayFrom;
    private TableWork replayTo;

    ReplayWork(Database db) {
        this.db = db;
    }

    /** Between the recorded run's reset and its start. */
    void recordStarts() throws InterruptedException {
        guarded = GuardedRows.save(db);
        recordFrom = TableWork.settled(db, SETTLE);
    }

    void recordEnded() throws InterruptedException {
        recordTo = TableWork.settled(db, SETTLE);
    }

    /** Between the replay's reset and its start: the guarded rows go back to where the recorded run found them. */
    void replayStarts() throws InterruptedException {
        restoreGuarded();
        replayFrom = TableWork.settled(db, SETTLE);
    }

    /** The guarded rows back to where the recorded run found them; before a later replay, this alone. */
    void restoreGuarded() {
        guarded.restore(db);
    }

    void replayEnded() throws InterruptedException {
        replayTo = TableWork.settled(db, SETTLE);
    }

    /** The comparison's lines, or why there is none. */
    List<String> lines() {
        if (recordFrom == null || recordTo == null || replayFrom == null || replayTo == null) {
            return List.of("replay work           not compared: the database's other connections did not end or "
                    + "stay idle within " + SETTLE.toSeconds() + " s, so its table statistics were not complete");
        }
        return TableWork.compare(recordTo.since(recordFrom), replayTo.since(replayFrom), NAMED);
    }
}
