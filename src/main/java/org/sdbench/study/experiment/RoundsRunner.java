package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.report.RunReport;
import org.sdbench.run.StudyHook;

/** The rounds design: each round runs every variant once in its order; the two runs of a round are a pair. */
final class RoundsRunner implements RoundRunner {
    private final ExperimentRuns runs;
    private final ServerSettings settings;
    private final StudyHook hook;
    private final Variant baseline;

    RoundsRunner(ExperimentRuns runs, ServerSettings settings, StudyHook hook, Variant baseline) {
        this.runs = runs;
        this.settings = settings;
        this.hook = hook;
        this.baseline = baseline;
    }

    @Override
    public MeasuredRun warmUp(Variant first) throws InterruptedException {
        return runs.run(settings, first, Experiment.WARM_UP, 0, hook, ExperimentRuns.NO_LISTENER);
    }

    @Override
    public MeasuredRound measure(int round, List<Variant> order) throws InterruptedException {
        List<MeasuredRun> made = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            if (hook.interrupted()) {
                return null;
            }
            MeasuredRun r = runs.run(settings, order.get(i), round, i + 1, hook, ExperimentRuns.NO_LISTENER);
            if (r == null) {
                return null;
            }
            made.add(r);
        }
        RoundPairs pairs = (figure, alternative) -> {
            RunReport b = report(made, baseline);
            RunReport a = report(made, alternative);
            return List.of(new Pair(
                    "round " + round,
                    ExperimentRuns.value(figure, b),
                    ExperimentRuns.value(figure, a),
                    ExperimentRuns.count(figure, b),
                    ExperimentRuns.count(figure, a)));
        };
        return new MeasuredRound(round, order.stream().map(Variant::name).toList(), made, null, pairs);
    }

    private static RunReport report(List<MeasuredRun> made, Variant v) {
        return made.stream()
                .filter(r -> r.sample().variant().equals(v.name()))
                .map(MeasuredRun::report)
                .findFirst()
                .orElse(null);
    }
}
