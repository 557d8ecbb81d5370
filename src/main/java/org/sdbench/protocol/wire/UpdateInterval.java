package org.sdbench.protocol.wire;

import java.util.Arrays;

/**
 * An app server's update-task figures since the last stats request: the save-to-committed
 * histogram in HdrHistogram's compressed encoding (merged exactly by the driver) and sums.
 */
public record UpdateInterval(byte[] histogram, long v1DbNs, long v2DbNs, long failed, long lineItems, long queueMax) {

    WireOut write(WireOut o) {
        return o.bytes(histogram)
                .i64(v1DbNs)
                .i64(v2DbNs)
                .i64(failed)
                .i64(lineItems)
                .i64(queueMax);
    }

    static UpdateInterval read(WireIn in) {
        return new UpdateInterval(
                in.bytes("updates.histogram", Limits.HISTOGRAM_BYTES),
                in.count("updates.v1DbNs"),
                in.count("updates.v2DbNs"),
                in.count("updates.failed"),
                in.count("updates.lineItems"),
                in.count("updates.queueMax"));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UpdateInterval u
                && Arrays.equals(histogram, u.histogram)
                && v1DbNs == u.v1DbNs
                && v2DbNs == u.v2DbNs
                && failed == u.failed
                && lineItems == u.lineItems
                && queueMax == u.queueMax;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(histogram) * 31 + Long.hashCode(v1DbNs + v2DbNs + failed + lineItems + queueMax);
    }

    @Override
    public String toString() {
        return "UpdateInterval[" + histogram.length + " B histogram, failed=" + failed + ", lineItems=" + lineItems
                + "]";
    }
}
