package org.sdbench.database.ddl;

import java.util.List;

/** A secondary index; a column may carry {@code desc}. */
public record Index(String name, List<String> columns) {
    public Index {
        columns = List.copyOf(columns);
    }
}
