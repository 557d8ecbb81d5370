package org.sdbench.apptier.instance.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class UserSessionTest {
    @Test
    void userName_anyUserNumber_equalsStringFormat() {
        for (int u : new int[] {1, 42, 99_999, 250_000}) {
            assertEquals(String.format("SD%05d", u), new UserSession(u, 1, "r", new byte[0], null, null).userName());
        }
    }
}
