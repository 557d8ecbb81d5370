package org.sdbench.apptier.instance;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.Database;
import org.sdbench.database.SqlErrors;
import org.sdbench.database.load.Customizing;

/**
 * A consultant changing customizing while the users work ({@code run.customizingChangeEvery}):
 * every interval one description of a buffered table the loop reads is changed through
 * {@link CustomizingChange}, in turn over several tables, so every app server's buffer drops that
 * table at its next synchronisation and its users reload it. What that costs shows in the table
 * buffer's invalidations and hit ratio. One thread, its own connection, stopped by {@link #close}.
 */
public final class CustomizingChanges implements AutoCloseable {
    /** Table, key, field: hot entries of the loop's buffered reads. */
    private static final List<String[]> ROTATION = List.of(
            new String[] {"TVAK", MasterKeys.ORDER_TYPE, "bezei"},
            new String[] {"TVAP", "P000", "vtext"}, // the first item category load writes
            new String[] {"T685A", MasterKeys.PRICE_CONDITION, "vtext"},
            new String[] {"TVLK", Customizing.DELIVERY_TYPE, "vtext"},
            new String[] {"TVFK", Customizing.BILLING_TYPE, "vtext"},
            new String[] {"T001W", MasterKeys.plant(1), "name1"});

    private final Database db;
    private final Duration every;
    private final Consumer<String> log;
    private final CountDownLatch stop = new CountDownLatch(1);
    private final AtomicLong changes = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final Thread thread;

    private CustomizingChanges(Database db, Duration every, Consumer<String> log) {
        this.db = db;
        this.every = every;
        this.log = log;
        this.thread = Thread.ofPlatform().daemon().name("customizing-changes").unstarted(this::loop);
    }

    /** Starts changing every {@code every}; null when {@code every} is zero (off). */
    public static CustomizingChanges start(Database db, Duration every, Consumer<String> log) {
        if (every.isZero()) {
            return null;
        }
        CustomizingChanges c = new CustomizingChanges(db, every, log);
        c.thread.start();
        return c;
    }

    private void loop() {
        try (Connection c = db.connect()) {
            while (!stop.await(every.toMillis(), TimeUnit.MILLISECONDS)) {
                String[] target = ROTATION.get((int) (changes.get() % ROTATION.size()));
                try {
                    CustomizingChange.apply(
                            c, db.schema(), target[0], target[1], target[2], "rev " + (changes.get() + 1));
                    changes.incrementAndGet();
                } catch (SQLException e) {
                    // The run goes on without this change; the count in the report tells.
                    failures.incrementAndGet();
                    log.accept("customizing change of " + target[0] + " failed: " + SqlErrors.firstLine(e));
                }
            }
        } catch (SQLException e) {
            failures.incrementAndGet();
            log.accept("customizing changes stopped: no connection: " + SqlErrors.firstLine(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Changes made so far. */
    public long changes() {
        return changes.get();
    }

    /** Stops the changes and returns how many were made: final, as no change can follow it into the report. */
    public long stopAndCount() {
        close();
        return changes.get();
    }

    public long failures() {
        return failures.get();
    }

    @Override
    public void close() {
        stop.countDown();
        try {
            // Bounded: a change is one short transaction on rows nobody else locks.
            thread.join(Duration.ofSeconds(30));
        } catch (InterruptedException e) {
            // The caller's interrupt stays set for it to act on; the thread is a daemon.
            Thread.currentThread().interrupt();
        }
    }
}
