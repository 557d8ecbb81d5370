package org.sdbench.study.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.sdbench.config.ConfigException;
import org.sdbench.measure.stats.PairedT;
import org.sdbench.measure.stats.RatioEstimate;
import org.sdbench.measure.stats.RoundsNeeded;
import org.sdbench.report.Json;

/**
 * How many rounds an experiment needs, from the pairs of one that ran (an A/A pilot, or the rounds so
 * far): for every confirmatory figure of every alternative, the spread of its pairs' log ratios (plain
 * differences for a figure judged on them), the MDE now, and the rounds --effect needs at 80 % power
 * by a test at the level the verdict uses (5 % over the family's size, Holm's first step) with one look
 * (--rounds N --max-rounds N). The rounds are planned from the spread's one-sided 80 % upper bound, as
 * a few pairs often understate it; the count from the spread as measured is given beside it.
 *
 * @param from      the experiment.json planned from
 * @param effect    the change to detect (--effect, 0.05 = 5 %)
 * @param power     the chance to detect it
 * @param figures   one row per confirmatory figure and alternative
 * @param rounds    the most rounds any figure needs (null: none could be planned, or more than the most)
 */
public record RoundsPlan(String from, double effect, double power, List<Row> figures, Integer rounds) {
    /** Fewer pairs give no spread worth planning from (the MDE's own rule). */
    public static final int LEAST_PAIRS = 3;

    /**
     * One figure of one alternative.
     *
     * @param familySize the confirmatory figures of this alternative (m)
     * @param alpha      the level of its test at Holm's first step: 5 % / m
     * @param sd         SD of the pairs' log ratios (differences on the difference scale)
     * @param sdUpper    its one-sided 80 % upper bound, which the rounds are planned from
     * @param mde        the MDE now, upwards, as a fraction (0.05 = 5 %)
     * @param roundsNeeded         rounds (pairs) --effect needs, planned from sdUpper; null: n/a or more than the most
     * @param roundsAtMeasuredSd   the same from sd as measured (optimistic)
     * @param reason     why a figure is n/a; null when planned
     */
    public record Row(
            String variant,
            String figure,
            String scale,
            int pairs,
            int familySize,
            double alpha,
            Double sd,
            Double sdUpper,
            Double mde,
            Integer roundsNeeded,
            Integer roundsAtMeasuredSd,
            String reason) {}

    /** Plans from {@code dir}/experiment.json; a one-line error when it is missing or plans nothing. */
    public static RoundsPlan from(Path dir, double effect) {
        Path file = dir.resolve(ExperimentStore.JSON);
        JsonNode e;
        try {
            ConfigException.require(
                    Files.isRegularFile(file), "--from", dir.toString(), "an experiment folder with experiment.json");
            e = Json.MAPPER.readTree(file.toFile());
        } catch (IOException x) {
            throw new ConfigException("'--from' = '" + dir + "' is not allowed: " + file + " is not readable JSON ("
                    + x.getMessage() + ")");
        }
        List<JsonNode> confirmatory = new ArrayList<>();
        e.path("figures").forEach(f -> {
            if (f.path("family").asText().equals("confirmatory")) {
                confirmatory.add(f);
            }
        });
        List<Row> rows = new ArrayList<>();
        for (JsonNode f : confirmatory) {
            String variant = f.path("variant").asText();
            int m = (int) confirmatory.stream()
                    .filter(g -> g.path("variant").asText().equals(variant))
                    .count();
            rows.add(row(f, m, effect));
        }
        ConfigException.require(
                rows.stream().anyMatch(r -> r.reason() == null),
                "--from",
                dir.toString(),
                "an experiment with " + LEAST_PAIRS + " or more pairs (rounds) of a confirmatory figure ("
                        + (rows.isEmpty()
                                ? "it has no confirmatory figure"
                                : "n/a: " + rows.get(0).reason())
                        + "): run an A/A pilot of at least " + LEAST_PAIRS + " rounds");
        List<Row> planned = rows.stream().filter(r -> r.reason() == null).toList();
        Integer most = planned.stream().anyMatch(r -> r.roundsNeeded() == null)
                ? null
                : planned.stream().mapToInt(Row::roundsNeeded).max().getAsInt();
        return new RoundsPlan(file.toString(), effect, RatioEstimate.POWER, List.copyOf(rows), most);
    }

    private static Row row(JsonNode f, int m, double effect) {
        double alpha = Analysis.ALPHA / m;
        String scale = f.path("scale").asText();
        JsonNode base = f.path("baselineValues");
        JsonNode alt = f.path("alternativeValues");
        boolean ratio = scale.equals(PairedFigure.Scale.RATIO.label());
        double[] d = new double[base.size()];
        Head head = new Head(f.path("variant").asText(), f.path("figure").asText(), scale, d.length, m, alpha);
        for (int i = 0; i < d.length; i++) {
            JsonNode b = base.get(i);
            JsonNode a = alt.get(i);
            if (!b.isNumber() || a == null || !a.isNumber() || ratio && (b.asDouble() <= 0 || a.asDouble() <= 0)) {
                return head.na(null, null, null, "pair " + (i + 1) + " has no " + (ratio ? "ratio" : "difference"));
            }
            d[i] = ratio ? Math.log(a.asDouble() / b.asDouble()) : a.asDouble() - b.asDouble();
        }
        if (d.length < LEAST_PAIRS) {
            return head.na(null, null, null, d.length + " pair(s): planning needs " + LEAST_PAIRS);
        }
        double baseline = f.path("baseline").asDouble(Double.NaN);
        double margin = ratio ? Math.log1p(effect) : effect * baseline;
        double sd = PairedT.of(d).sd();
        double upper = RoundsNeeded.upperSd(sd, d.length, RoundsNeeded.SD_CONFIDENCE);
        double mde = RoundsNeeded.mde(d.length, sd, alpha, RatioEstimate.POWER);
        Double mdeShare = ratio ? Math.expm1(mde) : baseline > 0 ? mde / baseline : null;
        if (!(margin > 0)) {
            return head.na(sd, upper, mdeShare, "the baseline is 0: --effect has no size on per-step differences");
        }
        return head.row(
                sd,
                upper,
                mdeShare,
                boxed(RoundsNeeded.of(upper, margin, alpha, RatioEstimate.POWER)),
                boxed(RoundsNeeded.of(sd, margin, alpha, RatioEstimate.POWER)),
                null);
    }

    /** What every row of one figure states, planned or not. */
    private record Head(String variant, String figure, String scale, int pairs, int familySize, double alpha) {
        Row na(Double sd, Double sdUpper, Double mde, String reason) {
            return row(sd, sdUpper, mde, null, null, reason);
        }

        Row row(Double sd, Double sdUpper, Double mde, Integer needed, Integer atMeasuredSd, String reason) {
            return new Row(
                    variant, figure, scale, pairs, familySize, alpha, sd, sdUpper, mde, needed, atMeasuredSd, reason);
        }
    }

    private static Integer boxed(OptionalInt n) {
        return n.isPresent() ? n.getAsInt() : null;
    }

    /** The plan as JSON (machine output) or as a table. */
    public void print(PrintWriter out, boolean json) {
        if (!json) {
            print(out);
            return;
        }
        try {
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(this));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the plan does not serialize: " + e.getMessage(), e);
        }
        out.flush();
    }

    /** The plan as a table, and the command line it suggests. */
    public void print(PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "== rounds needed, from %s ==%n"
                        + "plan      --effect %.1f %% at %.0f %% power, a paired t test at the verdict's level (5 %% / the"
                        + " family's size, Holm's first step), one look (--rounds N --max-rounds N); rounds from the"
                        + " SD's one-sided %.0f %% upper bound (as measured in brackets: optimistic)%n",
                from,
                effect * 100,
                power * 100,
                RoundsNeeded.SD_CONFIDENCE * 100);
        String row = "%-40s %-10s %5s %8s %10s %10s %9s %s%n";
        out.printf(row, "figure", "variant", "pairs", "alpha", "SD", "SD bound", "MDE now", "rounds needed");
        for (Row r : figures) {
            out.printf(
                    Locale.ROOT,
                    row,
                    r.figure().length() <= 40 ? r.figure() : r.figure().substring(0, 39) + "~",
                    r.variant(),
                    r.pairs(),
                    String.format(Locale.ROOT, "%.4f", r.alpha()),
                    r.sd() == null ? "n/a" : String.format(Locale.ROOT, "%.4f", r.sd()),
                    r.sdUpper() == null ? "n/a" : String.format(Locale.ROOT, "%.4f", r.sdUpper()),
                    r.mde() == null ? "n/a" : String.format(Locale.ROOT, "+%.1f %%", r.mde() * 100),
                    r.reason() != null
                            ? "n/a: " + r.reason()
                            : rounds(r.roundsNeeded()) + " (" + rounds(r.roundsAtMeasuredSd()) + ")");
        }
        String most = figures.stream()
                .filter(r -> r.reason() == null)
                .filter(r -> rounds == null ? r.roundsNeeded() == null : rounds.equals(r.roundsNeeded()))
                .map(r -> r.figure() + " (" + r.variant() + ")")
                .findFirst()
                .orElse("");
        if (rounds == null) {
            out.println(
                    "rounds    n/a: " + most + " needs more than " + RoundsNeeded.MOST + " rounds for this --effect");
        } else if (rounds > ExperimentPlan.MOST_ROUNDS) {
            out.println("rounds    " + rounds + " for " + most + ": more than --max-rounds allows ("
                    + ExperimentPlan.MOST_ROUNDS + "); at this --effect that figure stays undecided");
        } else {
            out.println("rounds    " + rounds + " (for " + most + "): sdbench experiment ... --effect "
                    + String.format(Locale.ROOT, "%.1f%%", effect * 100) + " --rounds " + rounds + " --max-rounds "
                    + rounds);
        }
        out.flush();
    }

    private static String rounds(Integer n) {
        return n == null ? "> " + RoundsNeeded.MOST : Integer.toString(n);
    }
}
