package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class ResultSchemaTest {
    @Test
    void errors_emptyObject_namesMissingRequiredProperties() throws IOException {
        var errors = ResultSchema.load().errors(Json.MAPPER.readTree("{}"));
        assertFalse(errors.isEmpty());
        assertTrue(errors.stream().anyMatch(e -> e.contains("schemaVersion")), errors.toString());
    }

    @Test
    void errors_unknownTopLevelProperty_reported() throws IOException {
        var errors = ResultSchema.load().errors(Json.MAPPER.readTree("{\"surprise\": 1}"));
        assertTrue(errors.stream().anyMatch(e -> e.contains("surprise")), errors.toString());
    }
}
