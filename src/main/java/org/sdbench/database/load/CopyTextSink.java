package org.sdbench.database.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.function.LongConsumer;

/**
 * Encodes rows in PostgreSQL's COPY text format (tab-separated, backslash escapes, one line per
 * row) into a fixed byte buffer and hands full buffers to a {@link Target}: a COPY FROM STDIN
 * stream or a file. Nothing grows with the data set.
 */
public final class CopyTextSink implements RowSink {
    /** Where encoded bytes go. */
    @FunctionalInterface
    public interface Target {
        void write(byte[] buffer, int length) throws IOException, SQLException;
    }

    static final int BUFFER_BYTES = 1 << 16;

    private final Target target;
    private final LongConsumer rowsSent;
    private final byte[] buf = new byte[BUFFER_BYTES];
    private final byte[] scratch = new byte[24];
    private int pos;
    private boolean rowStarted;
    private long pendingRows;
    private long rows;

    /**
     * @param rowsSent told how many rows went out with each flushed buffer (progress), may be null
     */
    public CopyTextSink(Target target, LongConsumer rowsSent) {
        this.target = target;
        this.rowsSent = rowsSent == null ? n -> {} : rowsSent;
    }

    /** Rows ended so far. */
    public long rows() {
        return rows;
    }

    @Override
    public void text(String value) {
        separator();
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        if (value.indexOf('\\') < 0 && value.indexOf('\t') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            putAll(utf8);
            return;
        }
        // The escaped characters are ASCII and never occur inside a UTF-8 multi-byte sequence.
        for (byte b : utf8) {
            switch (b) {
                case '\\' -> put2('\\', '\\');
                case '\t' -> put2('\\', 't');
                case '\n' -> put2('\\', 'n');
                case '\r' -> put2('\\', 'r');
                default -> put(b);
            }
        }
    }

    @Override
    public void encoded(byte[] copyText, Object jdbcValue) {
        separator();
        putAll(copyText);
    }

    @Override
    public void integer(long value) {
        separator();
        putLong(value);
    }

    @Override
    public void decimal(long unscaled, int scale) {
        separator();
        if (scale == 0) {
            putLong(unscaled);
            return;
        }
        if (unscaled < 0) {
            put((byte) '-');
            unscaled = -unscaled;
        }
        long pow = 1;
        for (int i = 0; i < scale; i++) {
            pow *= 10;
        }
        putLong(unscaled / pow);
        put((byte) '.');
        long frac = unscaled % pow;
        for (long p = pow / 10; p >= 1; p /= 10) {
            put((byte) ('0' + (frac / p) % 10));
        }
    }

    @Override
    public void timestamp(LocalDateTime v) {
        separator();
        putDate(v.getYear(), v.getMonthValue(), v.getDayOfMonth());
        put((byte) ' ');
        putFixed(v.getHour(), 2);
        put((byte) ':');
        putFixed(v.getMinute(), 2);
        put((byte) ':');
        putFixed(v.getSecond(), 2);
        if (v.getNano() != 0) {
            put((byte) '.');
            putFixed(v.getNano() / 1000, 6);
        }
    }

    @Override
    public void date(LocalDate v) {
        separator();
        putDate(v.getYear(), v.getMonthValue(), v.getDayOfMonth());
    }

    private void putDate(int year, int month, int day) {
        putFixed(year, 4);
        put((byte) '-');
        putFixed(month, 2);
        put((byte) '-');
        putFixed(day, 2);
    }

    @Override
    public void endRow() throws IOException, SQLException {
        put((byte) '\n');
        rowStarted = false;
        rows++;
        pendingRows++;
        if (pos > BUFFER_BYTES - 4096) {
            flush();
        }
    }

    /** Sends what is buffered. Call once after the last row. */
    public void flush() throws IOException, SQLException {
        if (pos > 0) {
            target.write(buf, pos);
            pos = 0;
        }
        if (pendingRows > 0) {
            rowsSent.accept(pendingRows);
            pendingRows = 0;
        }
    }

    private void separator() {
        if (rowStarted) {
            put((byte) '\t');
        }
        rowStarted = true;
    }

    private void putLong(long v) {
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                for (byte b : Long.toString(v).getBytes(StandardCharsets.US_ASCII)) {
                    put(b);
                }
                return;
            }
            put((byte) '-');
            v = -v;
        }
        int n = 0;
        do {
            scratch[n++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        while (n > 0) {
            put(scratch[--n]);
        }
    }

    private void putFixed(int v, int width) {
        for (int i = width - 1; i >= 0; i--) {
            scratch[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        for (int i = 0; i < width; i++) {
            put(scratch[i]);
        }
    }

    private void putAll(byte[] bytes) {
        if (pos + bytes.length > buf.length) {
            for (byte b : bytes) {
                put(b);
            }
            return;
        }
        System.arraycopy(bytes, 0, buf, pos, bytes.length);
        pos += bytes.length;
    }

    private void put2(char a, char b) {
        put((byte) a);
        put((byte) b);
    }

    private void put(byte b) {
        if (pos == buf.length) {
            // Only a single row longer than the buffer's slack gets here; send the partial row.
            try {
                target.write(buf, pos);
            } catch (IOException | SQLException e) {
                throw new IllegalStateException("sending a long row failed: " + e.getMessage(), e);
            }
            pos = 0;
        }
        buf[pos++] = b;
    }
}
