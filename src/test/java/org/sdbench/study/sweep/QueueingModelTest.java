package org.sdbench.study.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class QueueingModelTest {
    private static QueueingModel.Station cpu(int cores, double path) {
        return new QueueingModel.Station("host CPU", List.of("app tier", "database"), cores, path, 0, 0, 0);
    }

    /**
     * The machine-repairman model (N = 5 users, think 1 s, one server of 0.25 s): the idle
     * probability is 1 / sum_j N!/(N-j)! (D/Z)^j = 1 / 5.0234375, so X = (1 - p0) / D and
     * R = N / X - Z.
     */
    private static final double P0 = 1 / 5.0234375;

    private static final double X = (1 - P0) / 0.25;
    private static final double R = 5 / X - 1;

    @Test
    void at_oneCoreManyWorkProcesses_machineRepairmanKnownAnswer() {
        var p = new QueueingModel(1, 0, 100, List.of(cpu(1, 0.25))).at(5);
        assertEquals(X, p.stepsPerSecond(), 1e-9);
        assertEquals(R, p.responseSeconds(), 1e-9);
        assertEquals(1 - P0, p.cpuBusy().getFirst(), 1e-9);
    }

    @Test
    void at_oneWorkProcess_theWholeHoldIsOneServer() {
        // One work process held for 0.10 s of CPU plus 0.15 s of latency is one server of 0.25 s.
        var p = new QueueingModel(1, 0.15, 1, List.of(cpu(4, 0.10))).at(5);
        assertEquals(X, p.stepsPerSecond(), 1e-9);
        assertEquals(R, p.responseSeconds(), 1e-9);
        assertEquals(1 - P0, p.workProcessesBusy(), 1e-9);
        assertTrue(new QueueingModel(1, 0.15, 1, List.of(cpu(4, 0.10)))
                .bottleneck()
                .startsWith("dialog work"));
    }

    @Test
    void at_manyUsers_throughputApproachesTheLowestBound() {
        var cpuBound = new QueueingModel(0.2, 0.001, 64, List.of(cpu(2, 0.004)));
        assertEquals(2 / 0.004, cpuBound.at(2000).stepsPerSecond(), 2 / 0.004 * 0.01);
        assertTrue(cpuBound.bottleneck().startsWith("host CPU"), cpuBound.bottleneck());
        var wpBound = new QueueingModel(0.2, 0.020, 2, List.of(cpu(8, 0.004)));
        assertEquals(2 / 0.024, wpBound.at(2000).stepsPerSecond(), 2 / 0.024 * 0.01);
    }

    @Test
    void at_otherLoad_inflatesTheResponse() {
        var quiet = new QueueingModel(0.2, 0.001, 8, List.of(cpu(2, 0.004)));
        var busy = new QueueingModel(
                0.2, 0.001, 8, List.of(new QueueingModel.Station("host CPU", List.of("app tier"), 2, 0.004, 0, 0, 1)));
        assertTrue(busy.at(60).responseSeconds() > quiet.at(60).responseSeconds());
        assertEquals(quiet.at(60), busy.withoutOtherLoad().at(60));
    }

    @Test
    void maxUsersUnderAndAtCpu_areTheLastUserCountsThatHold() {
        var m = new QueueingModel(0.2, 0.002, 8, List.of(cpu(2, 0.004)));
        int n = m.maxUsersUnder(0.1).orElseThrow();
        assertTrue(m.at(n).responseSeconds() < 0.1 && m.at(n + 1).responseSeconds() >= 0.1, "n = " + n);
        int c = m.maxUsersAtCpu(0.65).orElseThrow();
        assertTrue(m.at(c).cpuBusy().getFirst() <= 0.65 && m.at(c + 1).cpuBusy().getFirst() > 0.65, "c = " + c);
        assertTrue(c < n, "65 % CPU comes before the knee on a CPU-bound system");
    }
}
