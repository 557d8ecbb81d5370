package org.sdbench.study.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.apache.commons.statistics.descriptive.Mean;
import org.sdbench.measure.stats.MeanInterval;

/**
 * Fits the {@link QueueingModel} on the low levels of a sweep and checks it on a level it did not
 * see. The held-out level is the highest level of the rounds under the limit (the lowest level of
 * the rounds when none is): the level nearest the knee from below. Only the search's levels below it
 * calibrate. Demands come from the runs' own CPU: per tier, the least-squares line of the tier's
 * cores against dialog steps per second over the calibration runs (its slope is CPU per step, its
 * intercept the CPU busy whatever the throughput). One parameter remains, the latency that does not
 * queue. It is set so that the time a step holds its work process (response less dispatcher wait),
 * weighted by each calibration level's throughput (so the busy work processes), is what they
 * measured; the wait itself is the model's to predict. If even no latency holds the steps too long,
 * part of the CPU is taken off the step's path instead (work of the update task and the driver).
 */
final class ModelFit {
    /** Calibration levels keep the sweep's own CPU under this percent of the host: contention inflates demands above it. */
    static final double LOW_LOAD_PERCENT = 80;
    /** The targets the held-out check is judged on. */
    static final double DSH_TARGET_PERCENT = 10;

    static final double AVG_TARGET_PERCENT = 15;
    static final String METHOD = "closed queueing network: think time as delay, the dialog work processes as a "
            + "flow-equivalent multi-server station holding each step while it uses the CPU pools (exact MVA inside, "
            + "Seidmann's approximation for several cores) and a latency that does not queue; demands from the "
            + "calibration levels' own CPU per dialog step";

    /** The model and what sweep.json says of it. */
    record Fitted(QueueingModel model, SweepResult.Model summary) {}

    private ModelFit() {}

    /** The fitted model and its check, or null (with a note saying why) when the runs cannot support one. */
    static Fitted of(List<SweepRun> runs, double limitSeconds, double thinkSeconds, List<String> notes) {
        Map<Integer, List<SweepRun>> byLevel = new TreeMap<>();
        runs.forEach(
                r -> byLevel.computeIfAbsent(r.users(), u -> new ArrayList<>()).add(r));
        Integer heldOut = heldOut(byLevel, limitSeconds);
        if (heldOut == null) {
            notes.add("no queueing model: no level is under the limit, so none can be held out to check it");
            return null;
        }
        List<SweepRun> cal = calibration(runs, heldOut);
        if (cal.isEmpty()) {
            notes.add("no queueing model: no level below the held-out " + heldOut
                    + " users has its CPU measured (the held-out level is the lowest, or no CPU figures)");
            return null;
        }
        QueueingModel model = fit(cal, thinkSeconds);
        if (model == null) {
            notes.add("no queueing model: the calibration runs' CPU does not grow with their throughput");
            return null;
        }
        List<SweepResult.Prediction> predictions = new ArrayList<>();
        for (var e : byLevel.entrySet()) {
            var p = model.at(e.getKey());
            predictions.add(new SweepResult.Prediction(
                    e.getKey(),
                    p.responseSeconds() * 1000,
                    p.dialogStepsPerHour(),
                    mean(e.getValue(), SweepRun::avgResponseMs),
                    mean(e.getValue(), SweepRun::dialogStepsPerHour),
                    p.cpuBusy().stream().mapToDouble(Double::doubleValue).max().orElse(0) * 100,
                    p.workProcessesBusy() * 100));
        }
        SweepResult.HeldOut check = check(model, byLevel.get(heldOut), cal);
        List<Integer> calibratedOn =
                cal.stream().map(SweepRun::users).distinct().sorted().toList();
        return new Fitted(
                model,
                new SweepResult.Model(
                        METHOD,
                        thinkSeconds,
                        model.latencySeconds() * 1000,
                        model.workProcesses(),
                        model.stations().stream().map(ModelFit::station).toList(),
                        calibratedOn,
                        predictions,
                        model.maxUsersUnder(limitSeconds).stream()
                                .boxed()
                                .findFirst()
                                .orElse(null),
                        model.bottleneck(),
                        check));
    }

    /** The model fitted on these runs alone (also what a test checks the fit with). */
    static QueueingModel fit(List<SweepRun> cal, double thinkSeconds) {
        SweepRun first = cal.getFirst();
        int cpus = first.logicalCpus();
        Integer dbCpus = first.databaseCpus();
        Set<String> tiers = new LinkedHashSet<>();
        cal.forEach(r -> tiers.addAll(r.cpuPercentByTier().keySet()));
        double[] x = cal.stream().mapToDouble(SweepRun::stepsPerSecond).toArray();
        double other = mean(cal, r -> r.otherCores() == null ? 0 : r.otherCores());
        List<Pool> pools = new ArrayList<>();
        if (dbCpus != null && dbCpus < cpus) {
            pools.add(new Pool("database CPUs", dbCpus, other * dbCpus / cpus));
            pools.add(new Pool("app tier CPUs", cpus - dbCpus, other * (cpus - dbCpus) / cpus));
        } else {
            pools.add(new Pool("host CPU", Math.max(1, cpus), other));
        }
        for (String t : tiers) {
            double[] y = cal.stream()
                    .mapToDouble(r -> r.cpuPercentByTier().getOrDefault(t, 0.0) / 100 * r.logicalCpus())
                    .toArray();
            double[] line = line(x, y);
            Pool p = pools.size() == 1 || t.equals(SweepRun.DATABASE) ? pools.getFirst() : pools.getLast();
            p.tiers.add(t);
            p.demand += line[1];
            p.background += Math.max(0, line[0]);
        }
        if (pools.stream().mapToDouble(p -> p.demand).sum() <= 0) {
            return null;
        }
        int wp = first.dialogWorkProcesses();
        Map<Integer, List<SweepRun>> byLevel = new TreeMap<>();
        cal.forEach(
                r -> byLevel.computeIfAbsent(r.users(), u -> new ArrayList<>()).add(r));
        // The hold time is what the latency adds to; the dispatcher wait is the model's to predict.
        Map<Integer, Double> throughput = new TreeMap<>();
        double measured = 0;
        double steps = 0;
        for (var e : byLevel.entrySet()) {
            double rate = mean(e.getValue(), SweepRun::stepsPerSecond);
            throughput.put(e.getKey(), rate);
            measured += rate * mean(e.getValue(), r -> Math.max(0, r.avgResponseSeconds() - r.waitMs() / 1000));
            steps += rate;
        }
        double scale = Math.max(measured / Math.max(steps, 1e-9), 1e-6);
        // theta >= 0: all CPU on the path, latency theta * scale; theta < 0: latency 0, a share 1 + theta on the path.
        double lo = -0.999;
        double hi = 4;
        if (held(build(thinkSeconds, wp, pools, hi, scale), throughput) < measured) {
            return build(thinkSeconds, wp, pools, hi, scale);
        }
        for (int i = 0; i < 50; i++) {
            double mid = (lo + hi) / 2;
            if (held(build(thinkSeconds, wp, pools, mid, scale), throughput) < measured) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return build(thinkSeconds, wp, pools, (lo + hi) / 2, scale);
    }

    private static final class Pool {
        final String name;
        final int cores;
        final double other;
        final List<String> tiers = new ArrayList<>();
        double demand;
        double background;

        Pool(String name, int cores, double other) {
            this.name = name;
            this.cores = cores;
            this.other = other;
        }
    }

    private static QueueingModel build(double think, int wp, List<Pool> pools, double theta, double hold) {
        double onPath = theta >= 0 ? 1 : 1 + theta;
        double latency = theta >= 0 ? theta * hold : 0;
        return new QueueingModel(
                think,
                latency,
                Math.max(1, wp),
                pools.stream()
                        .map(p -> new QueueingModel.Station(
                                p.name,
                                p.tiers,
                                p.cores,
                                p.demand * onPath,
                                p.demand * (1 - onPath),
                                Math.min(p.background, p.cores * 0.9),
                                Math.min(p.other, p.cores * 0.9)))
                        .toList());
    }

    /** Busy work processes over the levels: each level's predicted hold time at its measured throughput. */
    private static double held(QueueingModel m, Map<Integer, Double> throughput) {
        return throughput.entrySet().stream()
                .mapToDouble(e -> e.getValue() * m.at(e.getKey()).holdSeconds())
                .sum();
    }

    /**
     * The highest level of the rounds under the limit, else the lowest level of the rounds (the knee
     * itself); without rounds, the highest level under the limit.
     */
    private static Integer heldOut(Map<Integer, List<SweepRun>> byLevel, double limit) {
        Comparator<Map.Entry<Integer, List<SweepRun>>> byUsers = Map.Entry.comparingByKey();
        var rounds = byLevel.entrySet().stream()
                .filter(e -> isRoundLevel(e.getValue()))
                .toList();
        var under = byLevel.entrySet().stream()
                .filter(e -> mean(e.getValue(), SweepRun::avgResponseSeconds) < limit)
                .toList();
        return under.stream()
                .filter(e -> isRoundLevel(e.getValue()))
                .max(byUsers)
                .or(() -> rounds.stream().min(byUsers))
                .or(() -> under.stream().max(byUsers))
                .map(Map.Entry::getKey)
                .orElse(null);
    }

    private static boolean isRoundLevel(List<SweepRun> runs) {
        return runs.stream().anyMatch(r -> r.phase().equals(SweepRun.ROUND));
    }

    /**
     * The runs of the search's levels below the held-out level with their CPU measured (the rounds'
     * levels are the knee, not low levels), of the levels whose own CPU stays under the low-load mark
     * when two or more do (other programs' load does not count: it is modelled).
     */
    private static List<SweepRun> calibration(List<SweepRun> runs, int heldOut) {
        Set<Integer> roundLevels = runs.stream()
                .filter(r -> r.phase().equals(SweepRun.ROUND))
                .map(SweepRun::users)
                .collect(Collectors.toSet());
        List<SweepRun> measured = runs.stream()
                .filter(r -> r.users() < heldOut && !roundLevels.contains(r.users()))
                .filter(r -> r.ownCores() != null && r.steps() > 0 && r.windowSeconds() > 0)
                .toList();
        Map<Integer, List<SweepRun>> byLevel = new TreeMap<>();
        measured.forEach(
                r -> byLevel.computeIfAbsent(r.users(), u -> new ArrayList<>()).add(r));
        List<SweepRun> low = byLevel.values().stream()
                .filter(l -> mean(l, r -> r.ownCores() / Math.max(1, r.logicalCpus())) * 100 < LOW_LOAD_PERCENT)
                .flatMap(List::stream)
                .toList();
        return low.stream().map(SweepRun::users).distinct().count() >= 2 ? low : measured;
    }

    private static SweepResult.HeldOut check(QueueingModel m, List<SweepRun> runs, List<SweepRun> cal) {
        int users = runs.getFirst().users();
        var p = m.at(users);
        double dsh = mean(runs, SweepRun::dialogStepsPerHour);
        double avg = mean(runs, SweepRun::avgResponseMs);
        double dshError = (p.dialogStepsPerHour() - dsh) / dsh * 100;
        double avgError = (p.responseSeconds() * 1000 - avg) / avg * 100;
        boolean met = Math.abs(dshError) <= DSH_TARGET_PERCENT && Math.abs(avgError) <= AVG_TARGET_PERCENT;
        return new SweepResult.HeldOut(
                users,
                runs.size(),
                p.dialogStepsPerHour(),
                dsh,
                p.responseSeconds() * 1000,
                avg,
                dshError,
                avgError,
                met,
                met ? "within the targets (DS/h 10 %, average response 15 %)" : why(dshError, avgError, runs, cal));
    }

    /** What keeps the check from its targets: the level's own spread, other load, by how much it misses. */
    private static String why(double dshError, double avgError, List<SweepRun> runs, List<SweepRun> cal) {
        List<String> parts = new ArrayList<>();
        if (Math.abs(dshError) > DSH_TARGET_PERCENT) {
            parts.add(String.format(
                    Locale.ROOT,
                    "DS/h misses its 10 %% target by %.1f points",
                    Math.abs(dshError) - DSH_TARGET_PERCENT));
        }
        if (Math.abs(avgError) > AVG_TARGET_PERCENT) {
            parts.add(String.format(
                    Locale.ROOT,
                    "average response misses its 15 %% target by %.1f points",
                    Math.abs(avgError) - AVG_TARGET_PERCENT));
        }
        if (runs.size() >= 2) {
            var spread = MeanInterval.of(
                    runs.stream().mapToDouble(SweepRun::avgResponseMs).toArray(), 0.95);
            parts.add(String.format(
                    Locale.ROOT,
                    "the level's own %d runs put its average response within +-%.0f %% (95 %% interval of their mean)",
                    runs.size(),
                    (spread.high() - spread.low()) / 2 / spread.mean() * 100));
        }
        double calOther = mean(cal, r -> r.otherCores() == null ? 0 : r.otherCores());
        double heldOther = mean(runs, r -> r.otherCores() == null ? 0 : r.otherCores());
        if (Math.abs(heldOther - calOther) > 0.1) {
            parts.add(String.format(
                    Locale.ROOT,
                    "other programs kept %.2f cores busy during the held-out runs against %.2f during calibration",
                    heldOther,
                    calOther));
        }
        return String.join("; ", parts);
    }

    private static SweepResult.Station station(QueueingModel.Station s) {
        return new SweepResult.Station(
                s.name(),
                s.tiers(),
                s.cores(),
                s.demandSeconds() * 1000,
                s.pathDemandSeconds() * 1000,
                s.backgroundCores(),
                s.otherCores());
    }

    /** Intercept and slope of the least-squares line y = a + b x; the ratio of sums when x does not vary or b <= 0. */
    static double[] line(double[] x, double[] y) {
        double mx = Mean.of(x).getAsDouble();
        double my = Mean.of(y).getAsDouble();
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        if (sxx > 0 && sxy > 0) {
            return new double[] {my - sxy / sxx * mx, sxy / sxx};
        }
        return new double[] {0, mx > 0 ? my / mx : 0};
    }

    static double mean(List<SweepRun> runs, ToDoubleFunction<SweepRun> f) {
        return Mean.of(runs.stream().mapToDouble(f).toArray()).getAsDouble();
    }
}
