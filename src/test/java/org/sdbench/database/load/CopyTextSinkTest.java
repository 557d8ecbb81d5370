package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class CopyTextSinkTest {
    @Test
    void encode_valuesOfEveryKind_copyTextFormat() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] sent = new long[1];
        CopyTextSink sink = new CopyTextSink((b, n) -> bytes.write(b, 0, n), n -> sent[0] += n);
        sink.text("a\tb\\c\nd\u00e9");
        sink.integer(-42);
        sink.decimal(12_345, 2);
        sink.decimal(-5, 3);
        sink.decimal(7, 0);
        sink.timestamp(LocalDateTime.of(2025, 1, 2, 3, 4, 5));
        sink.endRow();
        sink.integer(Long.MIN_VALUE);
        sink.endRow();
        sink.flush();
        assertEquals(
                "a\\tb\\\\c\\nd\u00e9\t-42\t123.45\t-0.005\t7\t2025-01-02 03:04:05\n-9223372036854775808\n",
                bytes.toString(StandardCharsets.UTF_8));
        assertEquals(2, sent[0]);
        assertEquals(2, sink.rows());
    }

    @Test
    void flush_manyRows_sendsBuffersNoLargerThanBuffer() throws Exception {
        int[] max = new int[1];
        long[] total = new long[1];
        CopyTextSink sink = new CopyTextSink(
                (b, n) -> {
                    max[0] = Math.max(max[0], n);
                    total[0] += n;
                },
                null);
        for (int i = 0; i < 100_000; i++) {
            sink.text("M000000001-0001");
            sink.integer(i);
            sink.endRow();
        }
        sink.flush();
        assertEquals(true, max[0] <= CopyTextSink.BUFFER_BYTES);
        assertEquals(100_000, sink.rows());
        assertEquals(true, total[0] > 100_000 * 17L);
    }
}
