package org.sdbench.apptier.instance.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.instance.transaction.LoopState.Item;

/** The binary payload records: every type round-trips, the filler keeps the size, bad bytes are refused. */
class PayloadsTest {
    private static final List<Item> ITEMS = List.of(
            new Item(10, "M000000001-0001", "Bolt M8 ü", new BigDecimal("3"), new BigDecimal("12.50")),
            new Item(20, "M000000001-0002", "", new BigDecimal("10.000"), new BigDecimal("-0.01")));

    @Test
    void readWrite_everyRecordType_roundTripsFieldByField() {
        List<Payloads.Payload> all = List.of(
                new Payloads.Order("0000000001", 7, "0000001001", "0077000001", "P001", 1_700_000_000_123L, ITEMS),
                new Payloads.Delivery("0080000001", "0000000001", 7, "0000001001", "P001", 1L, ITEMS),
                new Payloads.GoodsIssue(
                        "0080000001",
                        "0000000001",
                        "4900000001",
                        "0100000001",
                        "0000000001",
                        "SD00007",
                        "P001",
                        2L,
                        ITEMS),
                new Payloads.Billing(
                        "0090000001", "0080000001", "0000000001", "0077000002", "0100000002", 7, null, 3L, ITEMS),
                new Payloads.Statistics("0000001001", 4L, List.of()));
        for (Payloads.Payload p : all) {
            assertEquals(p, Payloads.read(Payloads.write(p, 30_000), p.getClass()));
            assertEquals(p, Payloads.read(Payloads.write(p), p.getClass()));
        }
    }

    @Test
    void write_size_filledToExactlyThatSizeWithIncompressibleBytes() {
        byte[] b = Payloads.write(new Payloads.Statistics("0000001001", 4L, ITEMS), 30_000);
        assertEquals(30_000, b.length);
        long distinct = IntStream.range(b.length - 256, b.length)
                .map(i -> b[i])
                .distinct()
                .count();
        assertTrue(distinct > 100, "filler is random, not zeros: " + distinct + " distinct values");
    }

    @Test
    void read_legacyJsonPayload_stillRead() {
        byte[] json = ("{\"kunnr\":\"0000001001\",\"createdMillis\":4,\"items\":[{\"posnr\":10,\"matnr\":\"M1\","
                        + "\"text\":\"t\",\"quantity\":3,\"price\":12.50}]}")
                .getBytes(StandardCharsets.UTF_8);
        byte[] framed = ByteBuffer.allocate(4 + json.length + 10)
                .putInt(json.length)
                .put(json)
                .array();
        Payloads.Statistics s = Payloads.read(framed, Payloads.Statistics.class);
        assertEquals(new BigDecimal("12.50"), s.items().get(0).price());
        assertEquals("0000001001", s.kunnr());
    }

    @Test
    void read_truncatedWrongTypeOrUnframed_refusedWithItsReason() {
        byte[] order =
                Payloads.write(new Payloads.Order("0000000001", 7, "0000001001", "0077000001", "P001", 1L, ITEMS));
        byte[] cut = Arrays.copyOf(order, order.length - 3);
        ByteBuffer.wrap(cut).putInt(cut.length - 4);
        assertTrue(assertThrows(UncheckedIOException.class, () -> Payloads.read(cut, Payloads.Order.class))
                .getCause()
                .getMessage()
                .contains("ends 3 bytes early"));
        assertTrue(assertThrows(UncheckedIOException.class, () -> Payloads.read(order, Payloads.Billing.class))
                .getCause()
                .getMessage()
                .contains("is a Order, not a Billing"));
        assertTrue(assertThrows(UncheckedIOException.class, () -> Payloads.read(new byte[3], Payloads.Order.class))
                .getCause()
                .getMessage()
                .contains("not a framed Order"));
    }

    @Test
    void write_decimalBeyondEighteenDigits_refused() {
        var big = new Item(10, "M", "t", new BigDecimal("12345678901234567890"), BigDecimal.ONE);
        assertThrows(
                IllegalArgumentException.class, () -> Payloads.write(new Payloads.Statistics("k", 1L, List.of(big))));
    }
}
