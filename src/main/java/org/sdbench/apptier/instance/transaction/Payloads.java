package org.sdbench.apptier.instance.transaction;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.sdbench.apptier.instance.transaction.LoopState.Item;

/**
 * Update-request payloads (VBDATA): everything a V1/V2 module needs, so a request can be
 * processed from the database alone, even by the next process after a crash.
 *
 * <p>A payload is framed as the length of its record (4 bytes), the record, and filler up to the
 * configured size ({@code workload.updatePayloadBytes}): SAP's update requests carry the full
 * before and after images of the changed rows, tens of kilobytes that the database writes, logs
 * and deletes again. The filler is random, so the database cannot compress it away. The record is
 * a type byte and its fields in declaration order ({@link PayloadCodec}); payloads written as JSON
 * by earlier versions (their record starts with a brace) are still read, so requests they left
 * pending are processed after an upgrade.
 */
final class Payloads {
    private static final ObjectMapper LEGACY_JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    /** The payload records; each has its own type byte. */
    sealed interface Payload {}

    record Order(String vbeln, int user, String kunnr, String knumv, String werks, long createdMillis, List<Item> items)
            implements Payload {}

    record Delivery(
            String delivery, String order, int user, String kunnr, String werks, long createdMillis, List<Item> items)
            implements Payload {}

    record GoodsIssue(
            String delivery,
            String order,
            String mblnr,
            String belnr,
            String changenr,
            String userName,
            String werks,
            long postedMillis,
            List<Item> items)
            implements Payload {}

    record Billing(
            String billing,
            String delivery,
            String order,
            String knumv,
            String belnr,
            int user,
            String kunnr,
            long billedMillis,
            List<Item> items)
            implements Payload {}

    record Statistics(String kunnr, long createdMillis, List<Item> items) implements Payload {}

    private static final int ORDER = 1;
    private static final int DELIVERY = 2;
    private static final int GOODS_ISSUE = 3;
    private static final int BILLING = 4;
    private static final int STATISTICS = 5;
    private static final int LEGACY_JSON_START = '{';

    /** Largest filler; {@code workload.updatePayloadBytes} is validated against the same bound. */
    private static final int MAX_BYTES = 1 << 20;
    /** Incompressible filler, the same for every payload (a fixed seed: runs stay reproducible). */
    private static final byte[] FILLER = filler();

    private Payloads() {}

    /** The payload as small as it gets: no filler. */
    static byte[] write(Payload payload) {
        return write(payload, 0);
    }

    /** The payload, filled up to {@code size} bytes when its record is shorter. */
    static byte[] write(Payload payload, int size) {
        PayloadCodec.Writer w = new PayloadCodec.Writer(Math.min(size, Integer.BYTES + MAX_BYTES), Integer.BYTES);
        switch (payload) {
            case Order o ->
                items(
                        w.i8(ORDER)
                                .str(o.vbeln())
                                .i32(o.user())
                                .str(o.kunnr())
                                .str(o.knumv())
                                .str(o.werks())
                                .i64(o.createdMillis()),
                        o.items());
            case Delivery d ->
                items(
                        w.i8(DELIVERY)
                                .str(d.delivery())
                                .str(d.order())
                                .i32(d.user())
                                .str(d.kunnr())
                                .str(d.werks())
                                .i64(d.createdMillis()),
                        d.items());
            case GoodsIssue g ->
                items(
                        w.i8(GOODS_ISSUE)
                                .str(g.delivery())
                                .str(g.order())
                                .str(g.mblnr())
                                .str(g.belnr())
                                .str(g.changenr())
                                .str(g.userName())
                                .str(g.werks())
                                .i64(g.postedMillis()),
                        g.items());
            case Billing b ->
                items(
                        w.i8(BILLING)
                                .str(b.billing())
                                .str(b.delivery())
                                .str(b.order())
                                .str(b.knumv())
                                .str(b.belnr())
                                .i32(b.user())
                                .str(b.kunnr())
                                .i64(b.billedMillis()),
                        b.items());
            case Statistics s -> items(w.i8(STATISTICS).str(s.kunnr()).i64(s.createdMillis()), s.items());
        }
        int length = w.position() - Integer.BYTES;
        int fill = Math.min(MAX_BYTES, Math.max(0, size - Integer.BYTES - length));
        System.arraycopy(FILLER, 0, w.array(), w.reserve(fill), fill);
        w.trim();
        PayloadCodec.putInt(w.array(), 0, length);
        return w.array();
    }

    private static void items(PayloadCodec.Writer w, List<Item> items) {
        w.i32(items.size());
        for (Item i : items) {
            w.i32(i.posnr()).str(i.matnr()).str(i.text()).dec(i.quantity()).dec(i.price());
        }
    }

    static <T extends Payload> T read(byte[] payload, Class<T> type) {
        int length = payload.length < Integer.BYTES ? -1 : PayloadCodec.getInt(payload, 0);
        if (length < 1 || length > payload.length - Integer.BYTES) {
            throw new UncheckedIOException(new IOException("update payload of " + payload.length
                    + " bytes is not a framed " + type.getSimpleName() + " (record length " + length + ")"));
        }
        Object p;
        try {
            p = payload[Integer.BYTES] == LEGACY_JSON_START
                    ? LEGACY_JSON.readValue(payload, Integer.BYTES, length, type)
                    : decode(new PayloadCodec.Reader(payload, Integer.BYTES, Integer.BYTES + length));
        } catch (IOException | IllegalArgumentException e) {
            throw new UncheckedIOException(
                    "update payload is not a valid " + type.getSimpleName(),
                    e instanceof IOException io ? io : new IOException(e.getMessage()));
        }
        if (!type.isInstance(p)) {
            throw new UncheckedIOException(new IOException(
                    "update payload is a " + p.getClass().getSimpleName() + ", not a " + type.getSimpleName()));
        }
        return type.cast(p);
    }

    private static Payload decode(PayloadCodec.Reader r) {
        int tag = r.i8();
        Payload p = switch (tag) {
            case ORDER -> new Order(r.str(), r.i32(), r.str(), r.str(), r.str(), r.i64(), items(r));
            case DELIVERY -> new Delivery(r.str(), r.str(), r.i32(), r.str(), r.str(), r.i64(), items(r));
            case GOODS_ISSUE ->
                new GoodsIssue(r.str(), r.str(), r.str(), r.str(), r.str(), r.str(), r.str(), r.i64(), items(r));
            case BILLING ->
                new Billing(r.str(), r.str(), r.str(), r.str(), r.str(), r.i32(), r.str(), r.i64(), items(r));
            case STATISTICS -> new Statistics(r.str(), r.i64(), items(r));
            default -> throw new IllegalArgumentException("unknown update payload type " + tag);
        };
        if (!r.atEnd()) {
            throw new IllegalArgumentException("update payload record has bytes after its last field");
        }
        return p;
    }

    private static List<Item> items(PayloadCodec.Reader r) {
        int n = r.i32();
        if (n < 0 || n > MAX_BYTES) {
            throw new IllegalArgumentException("update payload has " + n + " items");
        }
        List<Item> items = new ArrayList<>(Math.min(n, 1024));
        for (int i = 0; i < n; i++) {
            items.add(new Item(r.i32(), r.str(), r.str(), r.dec(), r.dec()));
        }
        return List.copyOf(items);
    }

    private static byte[] filler() {
        byte[] b = new byte[MAX_BYTES];
        new SplittableRandom(0x5DB3_0C4A_1DA7_AL).nextBytes(b);
        return b;
    }
}
