package org.sdbench.study.experiment;

import java.time.Duration;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;

/**
 * How an experiment measures a round and pairs what it measured (--design). The lifecycle around it
 * (warm-up, rounds, looks, stop rule, saving, settings put back) is one for every design.
 */
public sealed interface Design permits Design.Rounds, Design.Alternate, Design.Duet {
    /** The names --design takes, as the error of an unknown one lists them. */
    String NAMES = "rounds, alternate or duet";

    /** The name --design and experiment.json use. */
    String name();

    /** What a round runs and what a pair is, for the experiment's header (after "design    "). */
    String describe();

    /** What one sample and one pair are, for the notes under the experiment's table. */
    String pairing();

    /** How long each sub-window lasts, for the designs that switch inside a run; null otherwise. */
    default Duration switchEvery() {
        return null;
    }

    /** Each round runs every variant once, one after the other: the runs of a round are a pair. */
    record Rounds() implements Design {
        @Override
        public String name() {
            return "rounds";
        }

        @Override
        public String describe() {
            return "rounds: each round runs every variant once, in a counterbalanced order (AB/BA...),"
                    + " after a discarded warm-up run; the two runs of a round are a pair";
        }

        @Override
        public String pairing() {
            return "each run is one sample; the two runs of a round are a pair";
        }
    }

    /**
     * One long run per round, the variants' settings switched inside it every {@code switchEvery} in
     * an ABBA pattern: adjacent sub-windows are a pair.
     */
    record Alternate(Duration switchEvery) implements Design {
        /** Shorter sub-windows are mostly settling: a switch reaches a backend only at its next command. */
        public static final Duration LEAST = Duration.ofSeconds(2);

        public Alternate {
            ConfigException.require(
                    switchEvery != null && switchEvery.compareTo(LEAST) >= 0,
                    "--switch-every",
                    switchEvery == null ? null : Durations.format(switchEvery),
                    "a duration of at least " + Durations.format(LEAST) + ", such as 20s");
        }

        @Override
        public String name() {
            return "alternate";
        }

        @Override
        public String describe() {
            return "alternate: each round is one run, after a discarded warm-up run; the variants' settings switch"
                    + " inside it every " + Durations.format(switchEvery) + " by a reload, block by block in the"
                    + " round's order and reversed (AB BA AB...); adjacent sub-windows (the two of a block) are a pair,"
                    + " the first interval of every sub-window settles and is not measured";
        }

        @Override
        public String pairing() {
            return "each round is one run with the settings switched inside it; the sub-windows of a block are a pair,"
                    + " each without its first interval, which settles after the switch";
        }
    }

    /** Two servers at once, one per variant, under the same load at the same time: their windows are a pair. */
    record Duet() implements Design {
        @Override
        public String name() {
            return "duet";
        }

        @Override
        public String describe() {
            return "duet: each round runs the baseline and the alternative at the same time under the same load, each"
                    + " on a server of its own pinned to one half of the CPUs, the halves swapped every round; no"
                    + " warm-up run (every round starts both servers afresh); matching measurement intervals of the"
                    + " two runs are a pair";
        }

        @Override
        public String pairing() {
            return "each round runs both variants at once on two servers; one measurement interval of each, matched"
                    + " by wall clock, is a pair, so only the figures intervals.csv holds per interval are judged";
        }
    }

    /**
     * The design the options name.
     *
     * @param design      --design (null: rounds)
     * @param switchEvery --switch-every as given (null: not given); only alternate takes it, and needs it
     */
    static Design of(String design, String switchEvery) {
        String d = design == null ? "rounds" : design.strip();
        Design out = switch (d) {
            case "rounds" -> new Rounds();
            case "alternate" -> {
                ConfigException.require(
                        switchEvery != null,
                        "--switch-every",
                        null,
                        "a duration such as 20s: --design alternate switches the settings inside each run"
                                + " that often");
                yield new Alternate(Durations.parse("--switch-every", switchEvery));
            }
            case "duet" -> new Duet();
            default -> throw ConfigException.key("--design", design, NAMES);
        };
        ConfigException.require(
                switchEvery == null || out instanceof Alternate,
                "--switch-every",
                switchEvery,
                "only with --design alternate (it switches settings inside a run; --design " + d + " does not)");
        return out;
    }
}
