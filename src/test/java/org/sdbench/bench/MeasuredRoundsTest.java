package org.sdbench.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MeasuredRoundsTest {
    @Test
    void stillCompiling_twoTierSqlRoundAboveSettled_true() {
        assertTrue(MeasuredRounds.stillCompiling(false, true, 0.294));
    }

    @Test
    void stillCompiling_twoTierSqlRoundAtSettled_false() {
        assertFalse(MeasuredRounds.stillCompiling(false, true, JitWarmUp.SETTLED));
    }

    @Test
    void stillCompiling_roundWithoutSql_false() {
        assertFalse(MeasuredRounds.stillCompiling(false, false, 0.5));
    }

    @Test
    void stillCompiling_threeTier_false() {
        assertFalse(MeasuredRounds.stillCompiling(true, true, 0.5));
    }
}
