package org.sdbench.apptier.central;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import org.sdbench.core.Clock;
import org.sdbench.protocol.enqueue.Enqueue;
import org.sdbench.protocol.enqueue.EnqueueStats;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.enqueue.LockResult;

/**
 * The lock table of one system, shared by all of its app-server instances. Requests never wait
 * for a lock to become free: they are granted or refused at once, as in SAP.
 *
 * <p>One mutex guards the whole table. SAP's enqueue server also serialises all requests on one
 * table, and here each critical section is a few hash look-ups (well under a microsecond), so a
 * single lock keeps the owner index and the table trivially consistent at no measurable cost. The
 * time a caller spends queued on that mutex is part of the measured enqueue time, as it would be.
 */
public final class EnqueueServer implements Enqueue {

    private final Clock clock;
    private final ReentrantLock mutex = new ReentrantLock();
    /** Lock key to its holders; almost always one holder, several only for shared locks. */
    private final Map<LockKey, ArrayList<Holder>> table = new HashMap<>();
    /** Owner to what it holds, so that transfer and releaseAll need not scan the table. */
    private final Map<LockOwner, Map<LockKey, Holder>> byOwner = new HashMap<>();

    private volatile int entries;

    private final LongAdder requests = new LongAdder();
    private final LongAdder conflicts = new LongAdder();
    private final LongAdder lockNs = new LongAdder();

    public EnqueueServer(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Grants the lock or reports the foreign holder; never blocks on other owners. */
    @Override
    public LockResult lock(LockOwner owner, String object, String key, LockMode mode) {
        long start = clock.nanoTime();
        Objects.requireNonNull(owner, "lock owner");
        Objects.requireNonNull(mode, "lock mode");
        LockKey k = LockKey.of(object, key);
        LockResult result;
        mutex.lock();
        try {
            result = lockLocked(owner, k, mode);
        } finally {
            mutex.unlock();
        }
        requests.increment();
        if (result != LockResult.Granted.INSTANCE) {
            conflicts.increment();
        }
        lockNs.add(clock.nanoTime() - start);
        return result;
    }

    private LockResult lockLocked(LockOwner owner, LockKey k, LockMode mode) {
        ArrayList<Holder> holders = table.get(k);
        Holder own = null;
        if (holders != null) {
            for (int i = 0; i < holders.size(); i++) {
                Holder h = holders.get(i);
                if (h.owner.equals(owner)) {
                    own = h;
                } else if (!mode.compatibleWith(h.mode())) {
                    return new LockResult.Conflict(h.owner, h.mode());
                }
            }
        } else {
            holders = new ArrayList<>(1);
            table.put(k, holders);
        }
        if (own == null) {
            own = new Holder(owner, k);
            holders.add(own);
            byOwner.computeIfAbsent(owner, o -> new HashMap<>()).put(k, own);
            entries++;
        }
        own.acquire(mode);
        return LockResult.Granted.INSTANCE;
    }

    /** Drops the owner's whole hold on one object, whatever its counts; false if it held nothing. */
    public boolean release(LockOwner owner, String object, String key) {
        Objects.requireNonNull(owner, "lock owner");
        LockKey k = LockKey.of(object, key);
        mutex.lock();
        try {
            Map<LockKey, Holder> mine = byOwner.get(owner);
            Holder h = mine == null ? null : mine.get(k);
            if (h == null) {
                return false;
            }
            drop(owner, mine, k, h);
            return true;
        } finally {
            mutex.unlock();
        }
    }

    /** Takes the owner's holder of {@code k} out of the table; the caller holds the mutex. */
    private void drop(LockOwner owner, Map<LockKey, Holder> mine, LockKey k, Holder h) {
        mine.remove(k);
        if (mine.isEmpty()) {
            byOwner.remove(owner);
        }
        unlink(h);
    }

    /**
     * Gives back one acquisition in the given mode (re-entrant locks need as many releases as
     * grants); false if the owner held no such acquisition.
     */
    public boolean release(LockOwner owner, String object, String key, LockMode mode) {
        Objects.requireNonNull(owner, "lock owner");
        Objects.requireNonNull(mode, "lock mode");
        LockKey k = LockKey.of(object, key);
        mutex.lock();
        try {
            Map<LockKey, Holder> mine = byOwner.get(owner);
            Holder h = mine == null ? null : mine.get(k);
            if (h == null || !h.releaseOne(mode)) {
                return false;
            }
            if (h.isFree()) {
                drop(owner, mine, k, h);
            }
            return true;
        } finally {
            mutex.unlock();
        }
    }

    /** Releases everything the owner holds (the update task does this when it commits). */
    @Override
    public int releaseAll(LockOwner owner) {
        Objects.requireNonNull(owner, "lock owner");
        mutex.lock();
        try {
            Map<LockKey, Holder> mine = byOwner.remove(owner);
            if (mine == null) {
                return 0;
            }
            for (Holder h : mine.values()) {
                unlink(h);
            }
            return mine.size();
        } finally {
            mutex.unlock();
        }
    }

    /** Releases everything held by the owners whose id {@code which} accepts; returns how many entries they had. */
    public int releaseAllWhere(Predicate<String> which) {
        mutex.lock();
        try {
            int n = 0;
            for (var it = byOwner.entrySet().iterator(); it.hasNext(); ) {
                var e = it.next();
                if (which.test(e.getKey().id())) {
                    for (Holder h : e.getValue().values()) {
                        unlink(h);
                    }
                    n += e.getValue().size();
                    it.remove();
                }
            }
            return n;
        } finally {
            mutex.unlock();
        }
    }

    /**
     * Hands all locks of {@code from} (a dialog session) to {@code to} (its update request), merging
     * counts where {@code to} already holds the object. Returns how many entries {@code from} had.
     */
    @Override
    public int transfer(LockOwner from, LockOwner to) {
        Objects.requireNonNull(from, "lock owner to transfer from");
        Objects.requireNonNull(to, "lock owner to transfer to");
        if (from.equals(to)) {
            return 0;
        }
        mutex.lock();
        try {
            Map<LockKey, Holder> moving = byOwner.remove(from);
            if (moving == null) {
                return 0;
            }
            Map<LockKey, Holder> target = byOwner.computeIfAbsent(to, o -> new HashMap<>());
            for (Holder h : moving.values()) {
                Holder existing = target.get(h.key);
                if (existing != null) {
                    existing.absorb(h);
                    unlink(h);
                } else {
                    h.owner = to;
                    target.put(h.key, h);
                }
            }
            return moving.size();
        } finally {
            mutex.unlock();
        }
    }

    /** The strongest mode the owner holds on the object, if any. */
    public Optional<LockMode> heldMode(LockOwner owner, String object, String key) {
        LockKey k = LockKey.of(object, key);
        mutex.lock();
        try {
            Map<LockKey, Holder> mine = byOwner.get(owner);
            Holder h = mine == null ? null : mine.get(k);
            return h == null ? Optional.empty() : Optional.of(h.mode());
        } finally {
            mutex.unlock();
        }
    }

    /** How many objects the owner holds locks on. */
    public int entriesOf(LockOwner owner) {
        mutex.lock();
        try {
            Map<LockKey, Holder> mine = byOwner.get(owner);
            return mine == null ? 0 : mine.size();
        } finally {
            mutex.unlock();
        }
    }

    /** Lock entries (owner, object, key) held right now, as SM12 would list them. */
    public int entries() {
        return entries;
    }

    @Override
    public boolean isLocal() {
        return true;
    }

    /** Requests, conflicts and lock time as the lock table saw them, and its entries now. */
    public EnqueueStats stats() {
        return new EnqueueStats(requests.sum(), conflicts.sum(), lockNs.sum(), entries);
    }

    private void unlink(Holder h) {
        ArrayList<Holder> holders = table.get(h.key);
        holders.remove(h);
        if (holders.isEmpty()) {
            table.remove(h.key);
        }
        entries--;
    }

    private record LockKey(String object, String key) {
        static LockKey of(String object, String key) {
            if (object == null || object.isEmpty()) {
                throw new IllegalArgumentException("enqueue object is " + (object == null ? "null" : "empty")
                        + "; a lock object name such as 'EVVBAKE' is required");
            }
            if (key == null) {
                throw new IllegalArgumentException("enqueue key for object '" + object
                        + "' is null; a key string (may be empty for a generic lock) is required");
            }
            return new LockKey(object, key);
        }

        // Written out, not generated: see LockOwner's equals.
        @Override
        public boolean equals(Object o) {
            return o instanceof LockKey k && object.equals(k.object) && key.equals(k.key);
        }

        @Override
        public int hashCode() {
            return 31 * object.hashCode() + key.hashCode();
        }
    }

    /** One owner's hold on one object; mutable, only touched under the table mutex. */
    private static final class Holder {
        LockOwner owner;
        final LockKey key;
        int exclusive;
        int shared;

        Holder(LockOwner owner, LockKey key) {
            this.owner = owner;
            this.key = key;
        }

        LockMode mode() {
            return exclusive > 0 ? LockMode.EXCLUSIVE : LockMode.SHARED;
        }

        void acquire(LockMode mode) {
            if (mode == LockMode.EXCLUSIVE) {
                exclusive++;
            } else {
                shared++;
            }
        }

        boolean releaseOne(LockMode mode) {
            if (mode == LockMode.EXCLUSIVE && exclusive > 0) {
                exclusive--;
                return true;
            }
            if (mode == LockMode.SHARED && shared > 0) {
                shared--;
                return true;
            }
            return false;
        }

        boolean isFree() {
            return exclusive == 0 && shared == 0;
        }

        void absorb(Holder other) {
            exclusive += other.exclusive;
            shared += other.shared;
        }
    }
}
