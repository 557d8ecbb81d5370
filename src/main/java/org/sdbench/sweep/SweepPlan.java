package org.sdbench.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.TreeSet;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Numbers;

/** Which user levels a sweep measures: a fixed list, or the automatic search for the knee. */
public final class SweepPlan {
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

    public static SweepPlan automatic(int start, double limitSeconds, double precision, int maxUsers) {
        if (start < 1 || maxUsers < start) {
            throw new ConfigException("'--start' = " + start + " and '--max-users' = " + maxUsers
                    + " are not allowed: 1 <= start <= max-users");
        }
        if (precision <= 0 || precision >= 1) {
            throw new ConfigException(
                    "'--precision' = " + precision + " is not allowed: a fraction between 0 and 1, such as 0.1");
        }
        return new SweepPlan(
                null,
                new LevelSearch(start, limitSeconds, precision, maxUsers),
                maxUsers,
                "automatic search from " + start + " users (doubling, then bisecting the knee to "
                        + Math.round(precision * 100) + " %), at most " + maxUsers + " users");
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

    /** The next level to run given the levels finished so far (a resumed sweep skips those). */
    public OptionalInt next(List<LevelResult> done, boolean lastExploded) {
        if (fixed != null) {
            if (lastExploded) {
                return OptionalInt.empty();
            }
            return fixed.stream()
                    .filter(u -> done.stream().noneMatch(l -> l.users() == u))
                    .mapToInt(Integer::intValue)
                    .findFirst();
        }
        return search.next(done.stream().map(LevelResult::point).toList(), lastExploded);
    }
}
