package org.sdbench.database.ddl;

/** A named CHECK constraint; {@code condition} must be SQL both dialects accept (comparisons of columns and literals). */
public record Check(String name, String condition) {}
