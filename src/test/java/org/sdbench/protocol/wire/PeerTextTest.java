package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PeerTextTest {
    @Test
    void escape_controlCharactersAndAnsi_shownNotActedOn() {
        assertEquals("a\\nb\\r\\u001b[31mred\\t\\\\", PeerText.escape("a\nb\r\u001b[31mred\t\\"));
        assertEquals("(none)", PeerText.escape(null));
    }

    @Test
    void escape_longText_cutWithTheCountOfWhatWasCut() {
        String s = PeerText.escape("x".repeat(1_000));
        assertTrue(s.startsWith("x".repeat(PeerText.MAX_CHARS) + "...(880 more chars)"), s);
    }
}
