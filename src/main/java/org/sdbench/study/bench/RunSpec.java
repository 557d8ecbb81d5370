package org.sdbench.study.bench;

import java.time.Duration;
import java.util.Map;
import org.sdbench.apptier.instance.StepHandler;
import org.sdbench.apptier.instance.transaction.SdTransactions;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.config.StepConfig;
import org.sdbench.config.WorkloadConfig;

/** One measured run of a bench: what runs (business logic, app tier, users) and its phases. */
public record RunSpec(
        String label,
        StepHandler handler,
        Map<String, UpdateModule> modules,
        AppServerConfig appServer,
        WorkloadConfig workload,
        int users,
        Duration rampUp,
        Duration window,
        Duration rampDown,
        long seed,
        boolean measureHeap) {

    /** The real SD transactions with their update modules. */
    public static RunSpec sql(String label, AppServerConfig a, WorkloadConfig w, int users, long seed) {
        return of(label, new SdTransactions(), SdTransactions.updateModules(), a, w, users, seed);
    }

    /** Steps that succeed without SQL: only the simulator itself costs CPU. */
    public static RunSpec noSql(String label, AppServerConfig a, WorkloadConfig w, int users, long seed) {
        return of(label, new NoSqlSteps(), Map.of(), a, w, users, seed);
    }

    private static RunSpec of(
            String label,
            StepHandler handler,
            Map<String, UpdateModule> modules,
            AppServerConfig a,
            WorkloadConfig w,
            int users,
            long seed) {
        return new RunSpec(
                label,
                handler,
                modules,
                a,
                w,
                users,
                Duration.ofSeconds(2),
                Duration.ofSeconds(10),
                Duration.ofSeconds(1),
                seed,
                false);
    }

    /** {@code base} with this run's app tier, workload, users and phases: what the run engine runs. */
    SdbenchConfig config(SdbenchConfig base) {
        return base.withAppServer(appServer)
                .withRun(base.run()
                        .withUsers(users)
                        .withPhases(rampUp, window, rampDown)
                        .withSeed(seed))
                .withWorkload(workload);
    }

    public RunSpec phases(Duration up, Duration measured, Duration down) {
        return new RunSpec(label, handler, modules, appServer, workload, users, up, measured, down, seed, measureHeap);
    }

    public RunSpec withHeap() {
        return new RunSpec(label, handler, modules, appServer, workload, users, rampUp, window, rampDown, seed, true);
    }

    /** The workload with no configured work per step or update module, so that measured CPU is the simulator's own. */
    public static WorkloadConfig zeroCpu(WorkloadConfig w, Duration think) {
        var steps = w.steps().stream()
                .map(s -> new StepConfig(s.tx(), s.step(), Map.of()))
                .toList();
        return w.withWork(think, steps, Map.of());
    }

    public static WorkloadConfig withThink(WorkloadConfig w, Duration think) {
        return w.withWork(think, w.steps(), w.updateWork());
    }
}
