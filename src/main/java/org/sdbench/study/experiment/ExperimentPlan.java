package org.sdbench.study.experiment;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.sdbench.config.ConfigException;

/**
 * What an experiment runs: the variants (the first is the baseline), between {@code minRounds}
 * and {@code maxRounds} rounds, each running every variant once in an order drawn from {@code seed}.
 *
 * @param design how a round is measured and paired (rounds, alternate, duet)
 * @param effect the smallest relative change that matters (0.05 = 5 %): "unchanged" means the interval
 *     lies within +-effect. A fixed margin, not the MDE: the MDE shrinks with the rounds exactly as the
 *     interval does, so "the interval lies within +-MDE" would stay a coin flip however long it ran.
 */
public record ExperimentPlan(
        String name, List<Variant> variants, int minRounds, int maxRounds, long seed, double effect, Design design) {
    /** Fewer rounds than this give a t interval too wide to decide anything but a very large change. */
    public static final int LEAST_ROUNDS = 2;

    public static final int MOST_ROUNDS = 100;
    /** The smallest change that matters unless --effect says otherwise. */
    public static final double DEFAULT_EFFECT = 0.05;

    /** The rounds design. */
    public ExperimentPlan(String name, List<Variant> variants, int minRounds, int maxRounds, long seed, double effect) {
        this(name, variants, minRounds, maxRounds, seed, effect, new Design.Rounds());
    }

    public ExperimentPlan {
        design = design == null ? new Design.Rounds() : design;
        ConfigException.require(
                name != null && name.matches("[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}"),
                "--name",
                name,
                "letters, digits, '.', '_' or '-' (at most 64): it names the experiment's folder");
        variants = List.copyOf(variants);
        ConfigException.require(
                variants.size() >= 2,
                "--variant",
                variants.size() + " variant(s)",
                "at least two: the baseline first (e.g. --variant base:), then one or more alternatives");
        Set<String> names = new HashSet<>();
        for (Variant v : variants) {
            ConfigException.require(names.add(v.name()), "--variant", v.name(), "a name used once per experiment");
        }
        ConfigException.require(
                minRounds >= LEAST_ROUNDS && minRounds <= MOST_ROUNDS,
                "--rounds",
                minRounds,
                "a whole number of rounds from " + LEAST_ROUNDS + " to " + MOST_ROUNDS);
        if (design instanceof Design.Alternate) {
            for (Variant v : variants) {
                ConfigException.require(
                        v.overrides().equals(variants.get(0).overrides()),
                        "--variant " + v.name(),
                        v.describe(),
                        "with --design alternate only db.* settings differ between variants: they switch inside"
                                + " one run, sdbench keys cannot (use --design rounds)");
            }
        }
        ConfigException.require(
                effect > 0 && effect < 10, "--effect", effect * 100 + " %", "a relative change above 0 %, such as 5%");
        ConfigException.require(
                maxRounds >= minRounds && maxRounds <= MOST_ROUNDS,
                "--max-rounds",
                maxRounds,
                "a whole number from --rounds (" + minRounds + ") to " + MOST_ROUNDS);
    }

    public Variant baseline() {
        return variants.get(0);
    }

    public List<Variant> alternatives() {
        return variants.subList(1, variants.size());
    }

    /** True when some variant changes a server setting. */
    public boolean changesServerSettings() {
        return variants.stream().anyMatch(v -> !v.dbSettings().isEmpty());
    }

    /** Every server setting any variant names, in first-named order. */
    public List<String> settingNames() {
        return variants.stream()
                .flatMap(v -> v.dbSettings().keySet().stream())
                .distinct()
                .toList();
    }
}
