package org.sdbench.sweep;

import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;

/** Where the measured capacity curve crosses the response-time limit. */
public final class Knee {
    /** One measured level of a sweep. */
    public record Level(int users, double avgResponseSeconds) {}

    private Knee() {}

    /**
     * The user count at which the average response time reaches the limit, interpolated linearly
     * between the last level under it and the first level over it; empty when the levels do not
     * bracket the limit (then the sweep has not found the knee).
     */
    public static OptionalDouble interpolate(List<Level> levels, double limitSeconds) {
        List<Level> sorted =
                levels.stream().sorted(Comparator.comparingInt(Level::users)).toList();
        Level under = null;
        for (Level l : sorted) {
            if (l.avgResponseSeconds() < limitSeconds) {
                under = l;
            } else if (under != null) {
                double f = (limitSeconds - under.avgResponseSeconds())
                        / (l.avgResponseSeconds() - under.avgResponseSeconds());
                return OptionalDouble.of(under.users() + f * (l.users() - under.users()));
            } else {
                return OptionalDouble.empty();
            }
        }
        return OptionalDouble.empty();
    }
}
