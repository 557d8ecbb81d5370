package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Passes a table's generated columns through and appends the values of its {@link SapFields}
 * to every row, seeded by the current entity (customer, material, order) and the row's position
 * within it, so the same data set always gets the same values.
 */
final class FieldFillingSink implements RowSink {
    private final RowSink out;
    private final SapFields fields;
    private final long tableSeed;
    private long entity;
    private LocalDate date;
    private int line;

    FieldFillingSink(RowSink out, SapFields fields, long tableSeed, LocalDate date) {
        this.out = out;
        this.fields = fields;
        this.tableSeed = tableSeed;
        this.date = date;
    }

    /** The rows that follow belong to {@code entity} (unique within the table) and its {@code date}. */
    void entity(long entity, LocalDate date) {
        this.entity = entity;
        this.date = date;
        this.line = 0;
    }

    @Override
    public void text(String value) {
        out.text(value);
    }

    @Override
    public void integer(long value) {
        out.integer(value);
    }

    @Override
    public void decimal(long unscaled, int scale) {
        out.decimal(unscaled, scale);
    }

    @Override
    public void timestamp(LocalDateTime value) {
        out.timestamp(value);
    }

    @Override
    public void date(LocalDate value) {
        out.date(value);
    }

    @Override
    public void encoded(byte[] copyText, Object jdbcValue) {
        out.encoded(copyText, jdbcValue);
    }

    @Override
    public void endRow() throws IOException, SQLException {
        fields.fill(out, SapFields.mix(tableSeed ^ SapFields.mix(entity * 1024 + line++)), date);
        out.endRow();
    }
}
