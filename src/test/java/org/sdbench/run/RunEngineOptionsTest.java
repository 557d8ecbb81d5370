package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;

class RunEngineOptionsTest {
    private static final Function<Path, ChildLauncher> NO_CHILDREN = folder -> {
        throw new AssertionError("no child processes in this test");
    };

    @Test
    void of_intervalOnly_noEndpointNoThresholdsErrorsFail() {
        RunEngine.Options o = RunEngine.Options.of(5, NO_CHILDREN);
        assertEquals(5, o.intervalSeconds());
        assertNull(o.metricsEndpoint());
        assertEquals(List.of(), o.thresholds());
        assertFalse(o.acceptErrors());
        assertTrue(o.acceptingErrors(true).acceptErrors());
    }

    @Test
    void constructor_intervalZero_refusedNamingTheFlag() {
        ConfigException e = assertThrows(ConfigException.class, () -> RunEngine.Options.of(0, NO_CHILDREN));
        assertTrue(e.getMessage().contains("'--interval' = 0"), e.getMessage());
    }

    @Test
    void constructor_noLauncher_refused() {
        assertThrows(IllegalArgumentException.class, () -> RunEngine.Options.of(5, null));
    }
}
