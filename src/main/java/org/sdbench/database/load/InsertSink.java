package org.sdbench.database.load;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Collections;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Loads rows with a batched prepared INSERT where COPY is not available (DB2): executes a batch
 * every {@code batchRows} rows and commits every {@code commitRows}. The connection must have
 * autocommit off.
 */
public final class InsertSink implements RowSink, AutoCloseable {
    public static final int BATCH_ROWS = 1000;
    public static final int COMMIT_ROWS = 5000;

    private final Connection connection;
    private final PreparedStatement insert;
    private final LongConsumer rowsSent;
    private final int batchRows;
    private final int commitRows;
    private int param;
    private int batched;
    private int uncommitted;
    private long rows;
    private SQLException bindFailure;

    public InsertSink(Connection connection, String table, List<String> columns, LongConsumer rowsSent)
            throws SQLException {
        this(connection, table, columns, rowsSent, BATCH_ROWS, COMMIT_ROWS);
    }

    InsertSink(
            Connection connection,
            String table,
            List<String> columns,
            LongConsumer rowsSent,
            int batchRows,
            int commitRows)
            throws SQLException {
        this.connection = connection;
        this.insert = connection.prepareStatement("INSERT INTO " + table + " (" + String.join(", ", columns)
                + ") VALUES (" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")");
        this.rowsSent = rowsSent == null ? n -> {} : rowsSent;
        this.batchRows = batchRows;
        this.commitRows = commitRows;
    }

    public long rows() {
        return rows;
    }

    @Override
    public void text(String value) {
        bind(() -> insert.setString(param, value));
    }

    @Override
    public void encoded(byte[] copyText, Object jdbcValue) {
        bind(() -> insert.setObject(param, jdbcValue));
    }

    @Override
    public void integer(long value) {
        bind(() -> insert.setLong(param, value));
    }

    @Override
    public void decimal(long unscaled, int scale) {
        bind(() -> insert.setBigDecimal(param, BigDecimal.valueOf(unscaled, scale)));
    }

    @Override
    public void timestamp(LocalDateTime value) {
        bind(() -> insert.setTimestamp(param, Timestamp.valueOf(value)));
    }

    @Override
    public void date(LocalDate value) {
        bind(() -> insert.setDate(param, Date.valueOf(value)));
    }

    @Override
    public void endRow() throws SQLException {
        if (bindFailure != null) {
            throw bindFailure;
        }
        insert.addBatch();
        param = 0;
        rows++;
        if (++batched >= batchRows) {
            executeBatch();
        }
        if (uncommitted >= commitRows) {
            connection.commit();
            uncommitted = 0;
        }
    }

    /** Sends the last batch and commits. */
    public void finish() throws SQLException {
        if (batched > 0) {
            executeBatch();
        }
        connection.commit();
        uncommitted = 0;
    }

    private void executeBatch() throws SQLException {
        insert.executeBatch();
        uncommitted += batched;
        rowsSent.accept(batched);
        batched = 0;
    }

    private interface Binder {
        void bind() throws SQLException;
    }

    private void bind(Binder b) {
        param++;
        if (bindFailure == null) {
            try {
                b.bind();
            } catch (SQLException e) {
                bindFailure = e;
            }
        }
    }

    @Override
    public void close() throws SQLException {
        insert.close();
    }
}
