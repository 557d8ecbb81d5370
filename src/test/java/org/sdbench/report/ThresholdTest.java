package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;
import org.sdbench.report.threshold.Threshold;
import org.sdbench.report.threshold.Thresholds;

class ThresholdTest {
    private final RunReport report = Fixtures.report();

    private ThresholdResult eval(String expression) {
        return Thresholds.evaluate(Thresholds.parse(List.of(expression)), report)
                .get(0);
    }

    @Test
    void parse_timesInSecondsOrMs_limitInMs() {
        assertEquals(1000, Threshold.parse("dialog.avg<1s").limit());
        assertEquals(250, Threshold.parse(" VA01/save.p95 <= 250ms ").limit());
        assertEquals("<=", Threshold.parse("VA01/save.p95<=250ms").op());
    }

    @Test
    void evaluate_issueExamples_againstKnownRun() {
        // 1,500 steps of 10 ms in 60 s = 90,000 DS/h; 500 line items in 60 s = 30,000/h = 1,500 SAPS-like.
        assertTrue(eval("dialog.avg<1s").passed());
        assertEquals(10, eval("dialog.avg<1s").actual(), 1e-9);
        assertTrue(eval("dialog.p95<2s").passed());
        assertTrue(eval("errors<0.1%").passed());
        assertTrue(eval("sapsLike>500").passed());
        assertEquals(1500, eval("sapsLike>500").actual(), 1e-6);
        assertFalse(eval("sapsLike>2000").passed());
        assertFalse(eval("dialog.avg<5ms").passed());
    }

    @Test
    void evaluate_componentsTransactionsAndSteps() {
        assertEquals(5, eval("dialog.db<400ms").actual(), 1e-9);
        assertEquals(1, eval("VA01.wait<50ms").actual(), 1e-9);
        // The histogram keeps 3 significant digits, so the 10 ms maximum reads back as up to 10.01 ms.
        assertTrue(eval("VF01/save.max<=10.1ms").passed());
        assertEquals(90_000, eval("dsPerHour>=90000").actual(), 1e-6);
        assertTrue(eval("dsPerHour>=90000").passed());
    }

    @Test
    void parse_timeWithoutUnit_oneLineNamingTheOption() {
        var e = assertThrows(ConfigException.class, () -> Threshold.parse("dialog.avg<1"));
        assertTrue(
                e.getMessage().startsWith("'--threshold' = 'dialog.avg<1' is not allowed: a time limit with its unit"),
                e.getMessage());
    }

    @Test
    void parse_unknownMetricOrScope_rejectedWithAllowed() {
        assertThrows(ConfigException.class, () -> Threshold.parse("dialog.p97<1s"));
        assertThrows(ConfigException.class, () -> Threshold.parse("VA99.avg<1s"));
        assertThrows(ConfigException.class, () -> Threshold.parse("sapsLike>5ms"));
        var e = assertThrows(ConfigException.class, () -> Threshold.parse("fast please"));
        assertTrue(e.getMessage().contains("dialog.avg<1s"), e.getMessage());
    }

    @Test
    void describe_saysPassOrFailWithMeasuredValue() {
        assertEquals(
                "FAIL dialog.avg<5ms  (measured 10 ms, limit < 5 ms)",
                eval("dialog.avg<5ms").describe());
    }
}
