package org.sdbench.apptier.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.DbSession;
import org.sdbench.database.load.TestDb;
import org.sdbench.measure.metrics.StepClock;

/** Two instances' buffers kept in step through DDLOG on a real PostgreSQL. */
class BufferSyncTest {
    private static final String SCHEMA = "it_bufsync";
    private static Database db;

    @BeforeAll
    static void ddlog() throws SQLException {
        db = TestDb.open(TestDb.config(SCHEMA));
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            s.execute("CREATE SCHEMA " + SCHEMA);
            s.execute("CREATE TABLE " + SCHEMA + ".ddlog (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
                    + " tabname varchar(30) NOT NULL, changed_at timestamp NOT NULL)");
        }
    }

    @AfterAll
    static void drop() throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        }
        db.close();
    }

    private final AtomicInteger loads = new AtomicInteger();

    private String load(String v) {
        loads.incrementAndGet();
        return v;
    }

    @Test
    void pollIfDue_tableChangedElsewhere_everyInstanceDropsItAtItsNextPollOnly() throws SQLException {
        StepClock clock = new StepClock(0);
        TableBuffer a = new TableBuffer(100);
        TableBuffer b = new TableBuffer(100);
        BufferSync syncA = new BufferSync(a, clock, Duration.ofSeconds(60));
        BufferSync syncB = new BufferSync(b, clock, Duration.ofSeconds(60));
        try (Connection c = db.connect();
                DbSession s = new DbSession(db.connect(), db.dialect(), clock)) {
            BufferSync.logChange(c, "T006"); // before either instance started: never applied
            syncA.pollIfDue(s);
            syncB.pollIfDue(s);
            for (TableBuffer t : new TableBuffer[] {a, b}) {
                t.get("T006", "ST", () -> load("AAAADL"));
                t.get("TVAK", "OR", () -> load("Standard Order"));
            }
            assertEquals(4, loads.get());

            BufferSync.logChange(c, "t006");
            syncA.pollIfDue(s);
            syncB.pollIfDue(s);
            assertEquals("AAAADL", a.get("T006", "ST", () -> load("stale")), "not due yet: the old entry is served");
            assertEquals(4, loads.get());

            clock.advance(Duration.ofSeconds(60).toNanos());
            syncA.pollIfDue(s);
            syncB.pollIfDue(s);
            for (TableBuffer t : new TableBuffer[] {a, b}) {
                assertEquals("new", t.get("T006", "ST", () -> load("new")), "changed table reloaded");
                assertEquals("Standard Order", t.get("TVAK", "OR", () -> load("other")), "other tables stay");
                assertEquals(1, t.invalidations());
            }
            assertEquals(6, loads.get());
            assertEquals(1, syncA.changesApplied());
            assertEquals(1, syncB.changesApplied());
            assertEquals(2, syncA.polls());
        }
    }
}
