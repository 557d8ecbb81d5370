package org.sdbench.study.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Numbers;

/**
 * Which user levels a sweep measures. The search locates the knee with one run per level: a fixed
 * list, or the automatic search (doubling, then bisecting until the bracket is within
 * {@link #SEARCH_BRACKET} of its lower end). Then the rounds run the levels around the knee: the
 * estimate between the search's bracketing levels and one level {@link #SPREAD} either side of it (or,
 * with a fixed list, the listed levels that bracket it and the nearer neighbour).
 */
public final class SweepPlan {
    /** The automatic search stops bisecting when the bracket is this narrow, relative to its lower end. */
    static final double SEARCH_BRACKET = 0.2;
    /** The rounds' outer levels lie this far from the knee's estimate, relative to it. */
    static final double SPREAD = 0.15;

    private final List<Integer> fixed;
    private final LevelSearch search;
    private final int maxUsers;
    private final String description;

    private SweepPlan(List<Integer> fixed, LevelSearch search, int maxUsers, String description) {
        this.fixed = fixed;
        this.search = search;
        this.maxUsers = maxUsers;
        this.description = description;
    }

    public static SweepPlan automatic(int start, double limitSeconds, int maxUsers) {
        if (start < 1 || maxUsers < start) {
            throw new ConfigException("'--start' = " + start + " and '--max-users' = " + maxUsers
                    + " are not allowed: 1 <= start <= max-users");
        }
        return new SweepPlan(
                null,
                new LevelSearch(start, limitSeconds, SEARCH_BRACKET, maxUsers),
                maxUsers,
                "automatic search from " + start + " users (doubling, then bisecting the knee to "
                        + Math.round(SEARCH_BRACKET * 100) + " %), at most " + maxUsers + " users");
    }

    /** {@code 10,20,40} or {@code 10..150/10}. */
    public static SweepPlan parse(String text) {
        TreeSet<Integer> levels = new TreeSet<>();
        try {
            for (String part : text.split(",")) {
                String p = part.trim();
                if (p.contains("..")) {
                    String[] range = p.split("\\.\\.|/");
                    int from = count(range[0]);
                    int to = count(range[1]);
                    int step = range.length > 2 ? count(range[2]) : 10;
                    if (step < 1 || to < from) {
                        throw new NumberFormatException(p);
                    }
                    for (int u = from; u <= to; u += step) {
                        levels.add(u);
                    }
                } else {
                    levels.add(count(p));
                }
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new ConfigException(
                    "'--levels' = '" + text + "' is not allowed: user counts such as 10,20,40 or a range 10..150/10");
        }
        if (levels.isEmpty() || levels.first() < 1) {
            throw new ConfigException("'--levels' = '" + text + "' is not allowed: user counts of 1 or more");
        }
        return new SweepPlan(new ArrayList<>(levels), null, levels.last(), "levels " + levels);
    }

    private static int count(String text) {
        String t = text.trim();
        if (!Numbers.isWhole(t)) {
            throw new NumberFormatException(t);
        }
        return Integer.parseInt(t);
    }

    public int maxUsers() {
        return maxUsers;
    }

    public String describe() {
        return description;
    }

    /** The next level of the search given its runs so far (a resumed sweep skips those); empty when it is done. */
    public OptionalInt next(List<SweepRun> done, boolean lastExploded) {
        if (fixed != null) {
            if (lastExploded) {
                return OptionalInt.empty();
            }
            return fixed.stream()
                    .filter(u -> done.stream().noneMatch(l -> l.users() == u))
                    .mapToInt(Integer::intValue)
                    .findFirst();
        }
        return search.next(
                done.stream()
                        .map(r -> new LevelSearch.Level(r.users(), r.avgResponseSeconds()))
                        .toList(),
                lastExploded);
    }

    /**
     * The levels the rounds run, from the search's runs: empty when they do not bracket the limit
     * (every level under it, or even the lowest over it).
     */
    public Optional<List<Integer>> roundLevels(List<SweepRun> search, double limitSeconds) {
        Map<Integer, SweepRun> byUsers = new TreeMap<>();
        search.forEach(r -> byUsers.putIfAbsent(r.users(), r));
        List<SweepRun> sorted = byUsers.values().stream()
                .sorted(Comparator.comparingInt(SweepRun::users))
                .toList();
        var knee = Crossing.of(0, sorted, limitSeconds).filter(c -> !c.extrapolated());
        if (knee.isEmpty()) {
            return Optional.empty();
        }
        Crossing c = knee.get();
        if (fixed != null) {
            return Optional.of(fixedAround(c));
        }
        double k = c.users();
        TreeSet<Integer> levels = new TreeSet<>();
        int mid = (int) Math.max(1, Math.round(k));
        int lo = (int) Math.min(mid - 1, Math.round(k * (1 - SPREAD)));
        int hi = (int) Math.max(mid + 1, Math.round(k * (1 + SPREAD)));
        if (lo >= 1) {
            levels.add(lo);
        }
        levels.add(Math.min(mid, maxUsers));
        levels.add(Math.min(hi, maxUsers));
        return levels.size() < 2 ? Optional.empty() : Optional.of(List.copyOf(levels));
    }

    /** The listed levels bracketing the crossing, and of their neighbours the one nearer the crossing. */
    private List<Integer> fixedAround(Crossing c) {
        int a = fixed.indexOf(c.lower().users());
        int b = fixed.indexOf(c.upper().users());
        TreeSet<Integer> levels = new TreeSet<>(List.of(fixed.get(a), fixed.get(b)));
        Integer below = a > 0 ? fixed.get(a - 1) : null;
        Integer above = b + 1 < fixed.size() ? fixed.get(b + 1) : null;
        if (below != null && (above == null || c.users() - below <= above - c.users())) {
            levels.add(below);
        } else if (above != null) {
            levels.add(above);
        }
        return List.copyOf(levels);
    }
}
