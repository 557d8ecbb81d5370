package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.sdbench.protocol.InstanceFigures;

/** The figures' wire pinned byte for byte: a field moved in the record or the codec shows here. */
class FiguresCodecTest {
    /** number, the two queues (i32 each), then every long in wire order, field k carrying k in both halves. */
    private static final String GOLDEN = "0000000100000002000000030000000400000004000000050000000500000006"
            + "000000060000000700000007000000080000000800000009000000090000000a"
            + "0000000a0000000b0000000b0000000c0000000c0000000d0000000d0000000e"
            + "0000000e0000000f0000000f0000001000000010000000110000001100000012"
            + "0000001200000013000000130000001400000014000000150000001500000016"
            + "000000160000001700000017000000180000001800000019000000190000001a"
            + "0000001a0000001b0000001b0000001c0000001c";

    private static InstanceFigures numbered() {
        return new InstanceFigures(
                1,
                new InstanceFigures.Queues(2, 3),
                new InstanceFigures.NumberRangeFigures(k(4), k(5), k(6), k(7)),
                new InstanceFigures.BufferFigures(k(8), k(9), k(10), k(11), k(12), k(13), k(14)),
                new InstanceFigures.EnqueueFigures(k(15), k(16), k(17)),
                new InstanceFigures.UpdateWork(k(18), k(19), k(20), k(21), k(22)),
                new InstanceFigures.Faults(k(23), k(24), k(25), k(26)),
                k(27),
                k(28));
    }

    private static long k(long k) {
        return k << 32 | k;
    }

    @Test
    void write_numberedFigures_givesTheGoldenBytes() {
        byte[] bytes = FiguresCodec.write(new WireOut(), numbered()).toBytes();

        assertEquals(GOLDEN, HexFormat.of().formatHex(bytes));
    }

    @Test
    void read_goldenBytes_givesEveryFigureBack() {
        WireIn in = new WireIn(HexFormat.of().parseHex(GOLDEN));

        assertEquals(numbered(), FiguresCodec.read(in));
        assertEquals(0, in.remaining());
    }

    @Test
    void write_thenRead_roundTrips() {
        byte[] bytes = FiguresCodec.write(new WireOut(), numbered()).toBytes();

        assertArrayEquals(
                bytes,
                FiguresCodec.write(new WireOut(), FiguresCodec.read(new WireIn(bytes)))
                        .toBytes());
    }
}
