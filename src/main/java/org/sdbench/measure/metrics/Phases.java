package org.sdbench.measure.metrics;

import java.time.Duration;

/**
 * The timeline of a run in clock nanoseconds: staggered log-on over the ramp-up, the measurement
 * window (the only span that counts), then the ramp-down after which users stop.
 */
public record Phases(long startNanos, long rampUpNanos, long windowNanos, long rampDownNanos, int users) {

    public Phases {
        if (users < 1 || rampUpNanos < 0 || windowNanos <= 0 || rampDownNanos < 0) {
            throw new IllegalArgumentException("invalid phases: users " + users + ", ramp-up " + rampUpNanos
                    + " ns, window " + windowNanos + " ns, ramp-down " + rampDownNanos + " ns");
        }
    }

    public static Phases of(long startNanos, Duration rampUp, Duration window, Duration rampDown, int users) {
        return new Phases(startNanos, rampUp.toNanos(), window.toNanos(), rampDown.toNanos(), users);
    }

    /** When user {@code i} (1-based) logs on: evenly spread over the ramp-up, the first at the start. */
    public long logonAt(int user) {
        return startNanos + rampUpNanos * (user - 1) / users;
    }

    public long windowStart() {
        return startNanos + rampUpNanos;
    }

    public long windowEnd() {
        return windowStart() + windowNanos;
    }

    /** Users start no step at or after this time. */
    public long end() {
        return windowEnd() + rampDownNanos;
    }

    /**
     * When the reporter should harvest next: the interval tick, or a phase boundary that comes
     * before it, so that no harvested interval straddles two phases.
     */
    public long nextBoundary(long now, long tick) {
        for (long b : new long[] {windowStart(), windowEnd(), end()}) {
            if (b > now && b < tick) {
                return b;
            }
        }
        return tick;
    }

    public Phase phaseAt(long nanos) {
        if (nanos < windowStart()) {
            return Phase.RAMP_UP;
        }
        if (nanos < windowEnd()) {
            return Phase.MEASUREMENT;
        }
        return nanos < end() ? Phase.RAMP_DOWN : Phase.DONE;
    }

    public enum Phase {
        RAMP_UP("ramp-up"),
        MEASUREMENT("measurement"),
        RAMP_DOWN("ramp-down"),
        DONE("done");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
