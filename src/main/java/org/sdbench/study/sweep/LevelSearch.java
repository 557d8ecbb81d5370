package org.sdbench.study.sweep;

import java.util.List;
import java.util.OptionalInt;

/**
 * Chooses the next user level of an automatic sweep: double while under the limit, then bisect
 * between the largest level under it and the smallest over it until they are close. It never goes
 * far past the knee: the first level over the limit ends the growth phase.
 */
public final class LevelSearch {
    /** One measured level: its users and average response time. */
    public record Level(int users, double avgResponseSeconds) {}

    private final int start;
    private final double limitSeconds;
    private final double precision;
    private final int maxUsers;

    /**
     * @param precision stop when the bracket is narrower than this fraction of its lower end
     * @param maxUsers  never propose more users than the data set holds
     */
    public LevelSearch(int start, double limitSeconds, double precision, int maxUsers) {
        this.start = start;
        this.limitSeconds = limitSeconds;
        this.precision = precision;
        this.maxUsers = maxUsers;
    }

    /** The next level to measure given those measured so far, or empty when the knee is located. */
    public OptionalInt next(List<Level> done, boolean lastLevelExploded) {
        if (done.isEmpty()) {
            return OptionalInt.of(start);
        }
        int under = done.stream()
                .filter(l -> l.avgResponseSeconds() < limitSeconds)
                .mapToInt(Level::users)
                .max()
                .orElse(0);
        int over = done.stream()
                .filter(l -> l.avgResponseSeconds() >= limitSeconds)
                .mapToInt(Level::users)
                .min()
                .orElse(Integer.MAX_VALUE);
        if (lastLevelExploded) {
            // Errors exploded although the response time did not: that level is past the usable capacity too.
            over = Math.min(over, done.get(done.size() - 1).users());
            under = done.stream()
                    .filter(l -> l.avgResponseSeconds() < limitSeconds
                            && l.users() < done.get(done.size() - 1).users())
                    .mapToInt(Level::users)
                    .max()
                    .orElse(0);
        }
        if (over == Integer.MAX_VALUE) {
            int grown = Math.min(maxUsers, Math.max(under + 1, under * 2));
            return grown > under ? OptionalInt.of(grown) : OptionalInt.empty();
        }
        if (under == 0) {
            // Even the first level is over the limit: look lower, down to one user.
            int lower = Math.max(1, Math.min(over, start) / 2);
            return lower < over && done.stream().noneMatch(l -> l.users() == lower)
                    ? OptionalInt.of(lower)
                    : OptionalInt.empty();
        }
        if (over - under <= Math.max(1, Math.ceil(under * precision))) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(under + (over - under) / 2);
    }
}
