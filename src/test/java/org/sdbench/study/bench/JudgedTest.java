package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JudgedTest {

    @Test
    void atMost_justAboveTheLimit_printsAboveItAndFails() {
        Judged j = Judged.atMost(21.6 / 14.3, 1.5, 2);
        assertEquals("1.51", j.figure());
        assertEquals("NOT MET", j.verdict());
        Judged k = Judged.atMost(1.5004, 1.5, 2);
        assertEquals("1.51", k.figure());
        assertEquals("NOT MET", k.verdict());
    }

    @Test
    void atMost_atOrBelowTheLimit_printsRoundedAndMeets() {
        assertEquals(new Judged("1.50", true), Judged.atMost(1.5, 1.5, 2));
        assertEquals(new Judged("1.45", true), Judged.atMost(1.4499, 1.5, 2));
        assertEquals(new Judged("0.250", true), Judged.atMost(0.24996, 0.25, 3));
    }

    @Test
    void below_justUnderTheLimit_printsUnderItAndMeets() {
        assertEquals(new Judged("9.9", true), Judged.below(9.99, 10, 1));
        assertEquals(new Judged("10.0", false), Judged.below(10.0, 10, 1));
        assertEquals(new Judged("10.0", false), Judged.below(10.04, 10, 1));
    }

    @Test
    void atLeast_justUnderTheLimit_printsUnderItAndFails() {
        assertEquals(new Judged("89.9", false), Judged.atLeast(89.96, 90, 1));
        assertEquals(new Judged("90.0", true), Judged.atLeast(90.0, 90, 1));
        assertEquals(new Judged("177.2", true), Judged.atLeast(177.24, 90, 1));
    }
}
