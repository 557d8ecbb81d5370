package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;

class RunEngineOptionsTest {
    @Test
    void of_intervalOnly_noEndpointNoThresholdsErrorsFail() {
        RunOptions o = RunOptions.of(5);
        assertEquals(5, o.intervalSeconds());
        assertNull(o.metricsEndpoint());
        assertEquals(List.of(), o.thresholds());
        assertFalse(o.acceptErrors());
        assertTrue(o.acceptingErrors(true).acceptErrors());
    }

    @Test
    void constructor_intervalZero_refusedNamingTheFlag() {
        ConfigException e = assertThrows(ConfigException.class, () -> RunOptions.of(0));
        assertTrue(e.getMessage().contains("'--interval' = 0"), e.getMessage());
    }

    @Test
    void constructor_noThresholdList_refused() {
        assertThrows(IllegalArgumentException.class, () -> new RunOptions(5, null, null, false, null));
    }
}
