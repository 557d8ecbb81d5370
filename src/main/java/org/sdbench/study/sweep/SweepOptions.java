package org.sdbench.study.sweep;

import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;

/** The sweep command's option values, checked before anything starts; a refusal names the option, its value and what is allowed. */
public final class SweepOptions {
    private SweepOptions() {}

    /** The limit in seconds, after checking --reset, --limit, --rounds and --max-runs in that order. */
    public static double limitSeconds(String reset, String limit, int rounds, int maxRuns) {
        if (!reset.equals("truncate") && !reset.equals("none")) {
            throw new ConfigException("'--reset' = '" + reset + "' is not allowed: truncate or none");
        }
        double limitSeconds = Durations.parse("--limit", limit).toNanos() / 1e9;
        if (limitSeconds <= 0) {
            throw new ConfigException("'--limit' = '" + limit + "' is not allowed: a duration above 0, such as 1s");
        }
        if (rounds < 3) {
            throw new ConfigException("'--rounds' = " + rounds
                    + " is not allowed: 3 or more (each level around the knee runs at least 3 times)");
        }
        if (maxRuns < 3 * rounds) {
            throw new ConfigException("'--max-runs' = " + maxRuns + " is not allowed: at least " + 3 * rounds
                    + " (--rounds " + rounds + " of the 3 levels around the knee), such as 40");
        }
        return limitSeconds;
    }

    /** --precision: "10%" or 0.1; between 0 and 1 exclusive. */
    public static double fraction(String text) {
        String t = text.strip();
        try {
            double v = t.endsWith("%")
                    ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100
                    : Double.parseDouble(t);
            if (v > 0 && v < 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with what is allowed
        }
        throw new ConfigException("'--precision' = '" + text + "' is not allowed: a share of the capacity above 0 %"
                + " and below 100 %, such as 10%");
    }
}
