package org.sdbench.study.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/** One configuration measured in rounds, interleaved with the others so noise hits all alike. */
final class MeasuredConfig {
    final String name;
    final RunSpec spec;
    final List<BenchResult> results = new ArrayList<>();

    MeasuredConfig(String name, RunSpec spec) {
        this.name = name;
        this.spec = spec;
    }

    List<Double> microsPerStep() {
        return results.stream().map(BenchResult::overheadMicrosPerStep).toList();
    }

    double medianMicrosPerStep() {
        return Stats.median(microsPerStep());
    }

    double medianStepsPerSecond() {
        return Stats.median(results.stream().map(BenchResult::stepsPerSecond).toList());
    }

    long steps() {
        return results.stream().mapToLong(BenchResult::steps).sum();
    }

    /** CPU of one thread group over all rounds per step of all rounds, in microseconds. */
    double groupMicrosPerStep(String group) {
        return microsPerStep(r -> r.cpu().group(group));
    }

    /** The JIT compilers of the processes the rounds started (three-tier), per step of all rounds. */
    double childJitMicrosPerStep() {
        return microsPerStep(r -> r.cpu().childJitNanos());
    }

    double dbBackendMicrosPerStep() {
        return microsPerStep(r -> r.cpu().dbBackendNanos());
    }

    /** The app-server processes' CPU over all rounds per step (NaN in two-tier). */
    double appServerMicrosPerStep() {
        return results.stream().anyMatch(r -> !r.threeTier()) ? Double.NaN : microsPerStep(BenchResult::appServerNanos);
    }

    /** The central services' CPU over all rounds per step (NaN in two-tier). */
    double centralMicrosPerStep() {
        return results.stream().anyMatch(r -> r.centralNanos() < 0)
                ? Double.NaN
                : microsPerStep(BenchResult::centralNanos);
    }

    private double microsPerStep(ToLongFunction<BenchResult> nanos) {
        long ns = results.stream().mapToLong(nanos).sum();
        return steps() == 0 ? Double.NaN : ns / 1e3 / steps();
    }

    List<Double> microsPerStatement() {
        return results.stream().map(BenchResult::simulatorMicrosPerStatement).toList();
    }

    List<Double> dbRatios() {
        return results.stream().map(BenchResult::overheadToDbRatio).toList();
    }

    double statementsPerStep() {
        long n = results.stream().mapToLong(BenchResult::sqlStatements).sum();
        return steps() == 0 ? Double.NaN : (double) n / steps();
    }

    /** DB round trips per dialog step: statements sent together (a pipeline, a batch) make one. */
    double roundTripsPerStep() {
        long n = results.stream().mapToLong(BenchResult::roundTrips).sum();
        return steps() == 0 ? Double.NaN : (double) n / steps();
    }

    /** The update task's share of {@link #statementsPerStep()}. */
    double updateStatementsPerStep() {
        long n = results.stream().mapToLong(BenchResult::updateDbCalls).sum();
        return steps() == 0 ? Double.NaN : (double) n / steps();
    }
}
