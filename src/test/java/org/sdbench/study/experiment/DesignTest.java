package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;

class DesignTest {
    @Test
    void of_noDesign_rounds() {
        assertInstanceOf(Design.Rounds.class, Design.of(null, null));
        assertEquals("rounds", Design.of("rounds", null).name());
    }

    @Test
    void of_alternateWithSwitchEvery_itsDuration() {
        Design d = Design.of("alternate", "20s");
        assertEquals(new Design.Alternate(Duration.ofSeconds(20)), d);
        assertEquals(Duration.ofSeconds(20), d.switchEvery());
    }

    @Test
    void of_duet_duet() {
        assertInstanceOf(Design.Duet.class, Design.of("duet", null));
    }

    @Test
    void of_unknownDesign_namesKeyValueAndAllowed() {
        var e = assertThrows(ConfigException.class, () -> Design.of("latin", null));
        assertEquals("'--design' = 'latin' is not allowed: rounds, alternate or duet", e.getMessage());
    }

    @Test
    void of_alternateWithoutSwitchEvery_namesTheMissingOption() {
        var e = assertThrows(ConfigException.class, () -> Design.of("alternate", null));
        assertTrue(e.getMessage().startsWith("'--switch-every' = null is not allowed: a duration"), e.getMessage());
    }

    @Test
    void of_switchEveryWithRounds_refused() {
        var e = assertThrows(ConfigException.class, () -> Design.of("rounds", "20s"));
        assertTrue(e.getMessage().contains("only with --design alternate"), e.getMessage());
    }

    @Test
    void of_switchEveryTooShortOrNotADuration_refused() {
        var e = assertThrows(ConfigException.class, () -> Design.of("alternate", "1s"));
        assertTrue(
                e.getMessage().startsWith("'--switch-every' = '1s' is not allowed: a duration of at least 2s"),
                e.getMessage());
        var f = assertThrows(ConfigException.class, () -> Design.of("alternate", "often"));
        assertTrue(f.getMessage().startsWith("'--switch-every' = 'often'"), f.getMessage());
    }
}
