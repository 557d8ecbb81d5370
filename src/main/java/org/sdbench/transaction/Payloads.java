package org.sdbench.transaction;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;
import org.sdbench.transaction.LoopState.Item;

/**
 * Update-request payloads (VBDATA): everything a V1/V2 module needs, so a request can be
 * processed from the database alone, even by the next process after a crash.
 *
 * <p>A payload is framed as the length of its JSON (4 bytes), the JSON, and filler up to the
 * configured size ({@code workload.updatePayloadBytes}): SAP's update requests carry the full
 * before and after images of the changed rows, tens of kilobytes that the database writes, logs
 * and deletes again. The filler is random, so the database cannot compress it away.
 */
final class Payloads {
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    record Order(String vbeln, int user, String kunnr, String knumv, String werks, long createdMillis, List<Item> items) {
    }

    record Delivery(String delivery, String order, int user, String kunnr, String werks, long createdMillis,
                    List<Item> items) {
    }

    record GoodsIssue(String delivery, String order, String mblnr, String belnr, String changenr, String userName,
                      String werks, long postedMillis, List<Item> items) {
    }

    record Billing(String billing, String delivery, String order, String knumv, String belnr, int user, String kunnr,
                   long billedMillis, List<Item> items) {
    }

    record Statistics(String kunnr, long createdMillis, List<Item> items) {
    }

    /** Largest filler; {@code workload.updatePayloadBytes} is validated against the same bound. */
    private static final int MAX_BYTES = 1 << 20;
    /** Incompressible filler, the same for every payload (a fixed seed: runs stay reproducible). */
    private static final byte[] FILLER = filler();

    private Payloads() {
    }

    /** The payload as small as it gets: no filler. */
    static byte[] write(Object payload) {
        return write(payload, 0);
    }

    /** The payload, filled up to {@code size} bytes when its JSON is shorter. */
    static byte[] write(Object payload, int size) {
        byte[] json;
        try {
            json = JSON.writeValueAsBytes(payload);
        } catch (IOException e) {
            throw new UncheckedIOException("serialising update payload " + payload.getClass().getSimpleName(), e);
        }
        int fill = Math.min(MAX_BYTES, Math.max(0, size - Integer.BYTES - json.length));
        return ByteBuffer.allocate(Integer.BYTES + json.length + fill).putInt(json.length).put(json)
                .put(FILLER, 0, fill).array();
    }

    static <T> T read(byte[] payload, Class<T> type) {
        ByteBuffer b = ByteBuffer.wrap(payload);
        int length = payload.length < Integer.BYTES ? -1 : b.getInt();
        if (length < 0 || length > payload.length - Integer.BYTES) {
            throw new UncheckedIOException(new IOException("update payload of " + payload.length
                    + " bytes is not a framed " + type.getSimpleName() + " (JSON length " + length + ")"));
        }
        try {
            return JSON.readValue(payload, Integer.BYTES, length, type);
        } catch (IOException e) {
            throw new UncheckedIOException("update payload is not a valid " + type.getSimpleName(), e);
        }
    }

    private static byte[] filler() {
        byte[] b = new byte[MAX_BYTES];
        new SplittableRandom(0x5DB3_0C4A_1DA7_AL).nextBytes(b);
        return b;
    }
}
