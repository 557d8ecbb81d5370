package org.sdbench.apptier.central;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.sdbench.config.HostAndPort;

/**
 * SAP's message server, reduced to what the benchmark needs: the registry of live app-server
 * instances and logon balancing (round-robin) over the one logon group they form. An instance is
 * live while its registration connection is open and its registered address answers.
 */
public final class MessageServer {
    /** A registered instance and where drivers reach it. */
    public record Instance(int number, HostAndPort address) {}

    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Integer, Instance> live = new TreeMap<>();
    private final AtomicInteger next = new AtomicInteger();

    /** Registers an instance; false when that number is already live (two processes, one number). */
    public boolean register(Instance i) {
        lock.lock();
        try {
            return live.putIfAbsent(i.number(), i) == null;
        } finally {
            lock.unlock();
        }
    }

    public void deregister(Instance i) {
        lock.lock();
        try {
            live.remove(i.number(), i);
        } finally {
            lock.unlock();
        }
    }

    /** The instance the next logon goes to, round-robin over the live ones. */
    public Optional<Instance> route() {
        lock.lock();
        try {
            if (live.isEmpty()) {
                return Optional.empty();
            }
            List<Instance> all = new ArrayList<>(live.values());
            return Optional.of(all.get(Math.floorMod(next.getAndIncrement(), all.size())));
        } finally {
            lock.unlock();
        }
    }

    public List<Instance> instances() {
        lock.lock();
        try {
            return List.copyOf(live.values());
        } finally {
            lock.unlock();
        }
    }
}
