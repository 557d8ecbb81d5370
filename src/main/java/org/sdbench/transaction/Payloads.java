package org.sdbench.transaction;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.sdbench.transaction.LoopState.Item;

/**
 * Update-request payloads (VBDATA): everything a V1/V2 module needs, so a request can be
 * processed from the database alone, even by the next process after a crash.
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

    private Payloads() {
    }

    static byte[] write(Object payload) {
        try {
            return JSON.writeValueAsBytes(payload);
        } catch (IOException e) {
            throw new UncheckedIOException("serialising update payload " + payload.getClass().getSimpleName(), e);
        }
    }

    static <T> T read(byte[] payload, Class<T> type) {
        try {
            return JSON.readValue(payload, type);
        } catch (IOException e) {
            throw new UncheckedIOException("update payload is not a valid " + type.getSimpleName(), e);
        }
    }
}
