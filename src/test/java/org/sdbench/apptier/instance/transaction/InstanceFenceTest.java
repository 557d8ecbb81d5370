package org.sdbench.apptier.instance.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.instance.update.InstanceFencedException;
import org.sdbench.apptier.instance.update.UpdateTask;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.database.DbSession;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.enqueue.LockOwner;

/**
 * Fencing at the database: once another instance has adopted a dead instance's requests, that
 * instance can no longer write one, even when its process comes back with a save half done
 * (the SIGSTOP case of the multi-host fault suite).
 */
class InstanceFenceTest {
    private static final String SCHEMA = "it_instance_fence";

    @BeforeAll
    static void load() {
        TestDb.load(SCHEMA, 2);
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void adopt_deadInstanceStoppedInsideASave_itsSessionEndsAndTheSaveNeverCommits() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            String holder = "sdbench i41 fence-test-dead";
            SessionSource dead = new SessionSource(
                    db.pool("dead", 2, holder),
                    db.dialect(),
                    Clock.SYSTEM,
                    db.config().timeouts().maxOutage());
            UpdateTask stopped = task(41, dead);
            try (DbSession s = dead.open()) {
                stopped.takeLease(s, holder);
            }
            // The process stops here: its save wrote the request but has not committed.
            DbSession dialog = dead.open();
            stopped.submit(
                    dialog,
                    "SD00001",
                    "VA01",
                    UpdateTaskFaultTest.order("0077410001", "0000001001", "2", false),
                    new LockOwner("user:1"),
                    r -> {},
                    r -> {});

            SessionSource live = new SessionSource(
                    db.pool("adopter", 2),
                    db.dialect(),
                    Clock.SYSTEM,
                    db.config().timeouts().maxOutage());
            UpdateTask adopter = UpdateTaskFaultTest.leased(task(42, live), live);
            try (DbSession s = live.open()) {
                assertEquals(0, adopter.adopt(s, 41), "the half-done save is not there to adopt");
            }

            // The process resumes: its commit fails, and a save on a fresh session writes nothing.
            assertThrows(SQLException.class, dialog::commit);
            dialog.rollbackQuietly();
            dialog.close();
            try (DbSession again = dead.open()) {
                assertThrows(
                        InstanceFencedException.class,
                        () -> stopped.submit(
                                again,
                                "SD00001",
                                "VA01",
                                UpdateTaskFaultTest.order("0077410002", "0000001001", "2", false),
                                new LockOwner("user:1"),
                                r -> {},
                                r -> {}));
                again.rollbackQuietly();
            }
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr WHERE instance = 41"));
        }
    }

    @Test
    void adopt_deadInstanceCommittedASave_requestAdoptedAndPosted() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("committed", 3),
                    db.dialect(),
                    Clock.SYSTEM,
                    db.config().timeouts().maxOutage());
            UpdateTask crashed = UpdateTaskFaultTest.leased(task(43, sessions), sessions);
            List<Runnable> neverRun = new ArrayList<>();
            try (DbSession dialog = sessions.open()) {
                crashed.submit(
                        dialog,
                        "SD00001",
                        "VA01",
                        UpdateTaskFaultTest.order("0077430001", "0000001001", "2", false),
                        new LockOwner("user:1"),
                        neverRun::add,
                        r -> {});
                dialog.commit();
            }
            UpdateTask adopter = UpdateTaskFaultTest.leased(task(44, sessions), sessions);
            adopter.start();
            try (DbSession s = sessions.open()) {
                assertEquals(1, adopter.adopt(s, 43));
            }
            assertTrue(adopter.drainAndStop(Duration.ofSeconds(30)));
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr WHERE instance = 43"));
            assertEquals(1, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbak WHERE vbeln = '0077430001'"));
        }
    }

    @Test
    void takeLease_secondProcessWithTheSameNumber_firstProcessSavesRefused() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("same-number", 2),
                    db.dialect(),
                    Clock.SYSTEM,
                    db.config().timeouts().maxOutage());
            UpdateTask first = UpdateTaskFaultTest.leased(task(45, sessions), sessions);
            UpdateTask second = task(45, sessions);
            try (DbSession s = sessions.open()) {
                second.takeLease(s, "sdbench i45 the second");
            }
            try (DbSession dialog = sessions.open()) {
                assertThrows(
                        InstanceFencedException.class,
                        () -> first.submit(
                                dialog,
                                "SD00001",
                                "VA01",
                                UpdateTaskFaultTest.order("0077450001", "0000001001", "2", false),
                                new LockOwner("user:1"),
                                r -> {},
                                r -> {}));
                dialog.rollbackQuietly();
            }
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr WHERE instance = 45"));
        }
    }

    private static UpdateTask task(int instance, SessionSource sessions) {
        return UpdateTaskFaultTest.quietTask(instance, sessions, SdTransactions.updateModules());
    }
}
