package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The published result.json schema as the tests check it. The validator reads Jackson 3 trees while
 * sdbench writes with Jackson 2, so documents cross over as JSON text.
 */
public final class ResultSchema {
    private final Schema schema;

    private ResultSchema(Schema schema) {
        this.schema = schema;
    }

    static ResultSchema load() throws IOException {
        return load(RunFolder.SCHEMA);
    }

    /** Another published schema of the same dialect, by classpath resource. */
    public static ResultSchema load(String resource) throws IOException {
        try (InputStream in = ResultSchema.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource + " on the classpath");
            return new ResultSchema(SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(in));
        }
    }

    /** The validation errors of one document, empty when it conforms. */
    public List<String> errors(JsonNode document) {
        return schema.validate(document.toString(), InputFormat.JSON).stream()
                .map(Error::toString)
                .toList();
    }
}
