package org.sdbench.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * What a sweep found, written to sweep.json after every level (so an interrupted sweep resumes
 * from it): the levels, the measured knee, and the queueing model's prediction beside it.
 */
public record SweepResult(
        int schemaVersion,
        String note,
        String name,
        String startedAt,
        double limitSeconds,
        double thinkSeconds,
        List<SweepRun> levels,
        Measured measured,
        Model model,
        List<String> notes) {

    public static final int SCHEMA_VERSION = 1;

    /** The largest user count under the limit, interpolated between the two measured levels around it. */
    public record Measured(Double maxUsers, Double sapsLikeAtMax, Integer lastLevelUnder, Integer firstLevelOver) {}

    /** MVA calibrated on the low levels; its curve at every measured level and its knee. */
    public record Model(
            List<Integer> calibratedOnUsers,
            double cpuDemandMs,
            double delayMs,
            double effectiveCpus,
            List<Prediction> predictions,
            Integer predictedMaxUsers,
            Double errorPercent) {}

    public record Prediction(int users, double avgResponseMs, double dialogStepsPerHour) {}

    /** Recomputes the knee and the model from the levels measured so far. */
    public static SweepResult of(
            String name,
            String startedAt,
            double limitSeconds,
            double thinkSeconds,
            List<SweepRun> levels,
            String note) {
        List<SweepRun> sorted =
                levels.stream().sorted(Comparator.comparingInt(SweepRun::users)).toList();
        List<String> notes = new ArrayList<>();
        Measured measured = measured(sorted, limitSeconds);
        if (measured.maxUsers() == null) {
            notes.add(
                    measured.firstLevelOver() == null
                            ? "no level reached the " + limitSeconds + " s limit: the knee is above "
                                    + measured.lastLevelUnder() + " users (raise --max-users)"
                            : "every level is over the limit: the knee is below " + measured.firstLevelOver()
                                    + " users");
        } else {
            notes.add("maximum users is interpolated linearly between the measured levels " + measured.lastLevelUnder()
                    + " and " + measured.firstLevelOver());
        }
        Model model = model(sorted, limitSeconds, thinkSeconds, measured, notes);
        return new SweepResult(
                SCHEMA_VERSION, note, name, startedAt, limitSeconds, thinkSeconds, sorted, measured, model, notes);
    }

    private static Measured measured(List<SweepRun> sorted, double limit) {
        List<Knee.Level> points = sorted.stream().map(SweepRun::point).toList();
        OptionalDouble knee = Knee.interpolate(points, limit);
        Integer under = sorted.stream()
                .filter(l -> l.avgResponseMs() / 1000 < limit)
                .map(SweepRun::users)
                .max(Integer::compare)
                .orElse(null);
        Integer over = sorted.stream()
                .filter(l -> l.avgResponseMs() / 1000 >= limit)
                .map(SweepRun::users)
                .min(Integer::compare)
                .orElse(null);
        if (knee.isEmpty() || under == null || over == null) {
            return new Measured(null, null, under, over);
        }
        SweepRun a = sorted.stream().filter(l -> l.users() == under).findFirst().orElseThrow();
        SweepRun b = sorted.stream().filter(l -> l.users() == over).findFirst().orElseThrow();
        double f = (knee.getAsDouble() - a.users()) / (b.users() - a.users());
        return new Measured(knee.getAsDouble(), a.sapsLike() + f * (b.sapsLike() - a.sapsLike()), under, over);
    }

    private static Model model(
            List<SweepRun> sorted, double limit, double think, Measured measured, List<String> notes) {
        ServiceDemand cal = ServiceDemand.of(sorted);
        if (cal == null) {
            notes.add(
                    "no queueing model: simulator and DB CPU were not measurable or gave no positive CPU demand per step "
                            + "(DB on another host, postgres processes ending in a window, heavy other load, or no level yet)");
            return null;
        }
        MvaModel m = MvaModel.calibrate(think, cal.responseSeconds(), cal.demandSeconds(), cal.servers());
        List<Prediction> predictions = new ArrayList<>();
        int top = sorted.get(sorted.size() - 1).users();
        var curve = m.curve(Math.max(top, 1));
        for (SweepRun l : sorted) {
            var p = curve.get(l.users() - 1);
            predictions.add(new Prediction(l.users(), p.responseSeconds() * 1000, p.dialogStepsPerHour()));
        }
        int predicted = m.maxUsersUnder(limit, 1_000_000);
        Double error =
                measured.maxUsers() == null ? null : (predicted - measured.maxUsers()) / measured.maxUsers() * 100;
        notes.add(String.format(
                Locale.ROOT,
                "model: MVA with the host CPU as a queue of %.2f CPUs (of %d; the rest "
                        + "busy with other work) at %.2f ms CPU per dialog step, plus %.2f ms of latency that does not queue; "
                        + "calibrated on the levels %s",
                m.servers(),
                cal.cpus(),
                m.cpuDemandSeconds() * 1000,
                m.delaySeconds() * 1000,
                cal.users()));
        return new Model(
                cal.users(),
                m.cpuDemandSeconds() * 1000,
                m.delaySeconds() * 1000,
                m.servers(),
                predictions,
                predicted,
                error);
    }
}
