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
    }

    /** Two servers at once, one per variant, under the same load at the same time: their windows are a pair. */
    record Duet() implements Design {
        @Override
        public String name() {
            return "duet";
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
