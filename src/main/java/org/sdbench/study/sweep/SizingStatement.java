package org.sdbench.study.sweep;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.apache.commons.statistics.descriptive.Mean;

/**
 * The sizing statement: what the capacity means in the vocabulary of SAP sizing. SAPS-like at the
 * knee comes from each round's runs at its crossing, averaged over the rounds; the users at 65 % CPU
 * (SAP Quick Sizer's target utilisation) come from the queueing model on this host without the other
 * programs' load; memory per user from the roll areas and the database's size.
 */
final class SizingStatement {
    static final double TARGET_CPU = 0.65;

    private SizingStatement() {}

    static SweepResult.Sizing of(
            SweepResult.Capacity capacity,
            List<Crossing> crossings,
            QueueingModel model,
            List<SweepRun> runs,
            int loadedUsers,
            List<String> notes) {
        Double saps = mean(crossings, c -> c.at(SweepRun::sapsLike));
        boolean calibrated = crossings.stream()
                .allMatch(c -> c.lower().sapsLikeAtCalibrationSpeed() != null
                        && c.upper().sapsLikeAtCalibrationSpeed() != null);
        Double atCalibration = calibrated ? mean(crossings, c -> c.at(SweepRun::sapsLikeAtCalibrationSpeed)) : null;
        if (!calibrated) {
            notes.add("SAPS-like at the calibration speed: n/a (the workload states no calibration speed, or a run"
                    + " measured no work CPU)");
        }
        Integer at65 = null;
        Double sapsAt65 = null;
        String bottleneck = null;
        if (model != null) {
            QueueingModel quiet = model.withoutOtherLoad();
            var n = quiet.maxUsersAtCpu(TARGET_CPU);
            if (n.isPresent()) {
                at65 = n.getAsInt();
                sapsAt65 = quiet.at(at65).stepsPerSecond() * 60;
                if (at65 > capacity.users()) {
                    notes.add("at 65 % CPU the model carries " + at65 + " users, more than the " + capacity.users()
                            + " the response limit allows: on this host the limit binds before the CPU target");
                }
            } else {
                notes.add("users at 65 % CPU: n/a, the CPU never gets 65 % busy with the sweep's work: "
                        + model.bottleneck() + " saturate(s) first");
            }
            bottleneck = model.bottleneck();
        } else {
            notes.add("users at 65 % CPU and the bottleneck need the queueing model, which this sweep has not");
        }
        Double rollPerUser = mean(crossings, c -> c.at(r -> (double) r.rollAreaPeakBytes() / r.users()));
        List<Double> dbBytes = runs.stream()
                .filter(r -> r.phase().equals(SweepRun.ROUND) && r.databaseBytes() != null)
                .map(r -> (double) r.databaseBytes())
                .toList();
        Double dbPerUser = dbBytes.isEmpty() || loadedUsers < 1
                ? null
                : Mean.of(dbBytes.stream().mapToDouble(Double::doubleValue).toArray())
                                .getAsDouble()
                        / loadedUsers;
        return new SweepResult.Sizing(
                capacity.users(),
                capacity.ci95(),
                saps,
                atCalibration,
                saps == null ? null : saps / capacity.crossingMean(),
                at65,
                sapsAt65,
                bottleneck,
                tiers(crossings, rollPerUser, dbPerUser),
                rollPerUser,
                dbPerUser);
    }

    /** Each tier's CPU at the knee, its share of the sweep's own CPU, and its memory per user where one applies. */
    private static List<SweepResult.TierShare> tiers(List<Crossing> crossings, Double roll, Double db) {
        Set<String> names = new LinkedHashSet<>();
        crossings.forEach(c -> {
            names.addAll(c.lower().cpuPercentByTier().keySet());
            names.addAll(c.upper().cpuPercentByTier().keySet());
        });
        List<SweepResult.TierShare> out = new ArrayList<>();
        double total = 0;
        List<Double> pct = new ArrayList<>();
        for (String t : names) {
            double v = mean(crossings, c -> c.at(r -> r.cpuPercentByTier().getOrDefault(t, 0.0)));
            pct.add(v);
            total += v;
        }
        int i = 0;
        for (String t : names) {
            double v = pct.get(i++);
            Double memory = switch (t) {
                case SweepRun.APP_TIER, SweepRun.APP_SERVERS -> roll;
                case SweepRun.DATABASE -> db;
                default -> null;
            };
            out.add(new SweepResult.TierShare(t, v, total > 0 ? v / total : null, memory));
        }
        return out;
    }

    private static Double mean(List<Crossing> crossings, ToDoubleFunction<Crossing> f) {
        return crossings.isEmpty()
                ? null
                : Mean.of(crossings.stream().mapToDouble(f).toArray()).getAsDouble();
    }
}
