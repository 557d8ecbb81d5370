package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Receives generated rows value by value, in the table's column order. A COPY sink encodes them
 * as COPY text; an INSERT sink binds them to a batched prepared statement.
 */
public interface RowSink {
    void text(String value);

    void integer(long value);

    /** A decimal given as unscaled value and scale: (12345, 2) is 123.45. */
    void decimal(long unscaled, int scale);

    void timestamp(LocalDateTime value);

    void date(LocalDate value);

    /**
     * A value given both ways, encoded in advance: as COPY text (ASCII without characters COPY
     * escapes) and as the object a JDBC driver binds. Generators of many values encode them once.
     */
    void encoded(byte[] copyText, Object jdbcValue);

    /** Ends the current row; may send buffered data. */
    void endRow() throws IOException, SQLException;
}
