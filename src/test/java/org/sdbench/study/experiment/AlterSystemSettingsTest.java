package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the user is told when neither SQL nor a copy of the file can put postgresql.auto.conf back. */
class AlterSystemSettingsTest {
    @Test
    void left_serverDownAfterAnUnstartableValue_namesEachLineAndWhatItWas() {
        Map<String, String> written = new LinkedHashMap<>();
        written.put("shared_buffers", "4TB");
        written.put("huge_pages", "on");
        written.put("random_page_cost", null);
        written.put("work_mem", null);
        assertEquals(
                "The server's postgresql.auto.conf (in its data directory) still holds what this experiment set: "
                        + "shared_buffers = '4TB' (was '48MB'); huge_pages = 'on' (remove the line: it had none); "
                        + "no work_mem line (it had work_mem = '8MB': add it back). "
                        + "Edit those lines back (or, once it runs, ALTER SYSTEM RESET/SET them), then start the server",
                AlterSystemSettings.left(written, Map.of("shared_buffers", "48MB", "work_mem", "8MB")));
    }

    @Test
    void left_everythingAsFound_saysSo() {
        assertEquals(
                "postgresql.auto.conf holds the entries it had; start the server",
                AlterSystemSettings.left(Map.of("work_mem", "8MB"), Map.of("work_mem", "8MB")));
    }
}
