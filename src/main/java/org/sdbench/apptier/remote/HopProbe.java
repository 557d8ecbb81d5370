package org.sdbench.apptier.remote;

import java.util.Locale;
import org.sdbench.protocol.wire.RoundTrips;

/**
 * One hop's round trips as environment.json records them: each end by role and by address (a
 * role alone does not say which machine answered).
 */
record HopProbe(
        String from,
        String fromAddress,
        String to,
        String toAddress,
        int count,
        int requestBytes,
        int replyBytes,
        double minMs,
        double avgMs,
        double maxMs) {

    static HopProbe of(RoundTrips r, String fromAddress, String toAddress) {
        return new HopProbe(
                r.from(),
                fromAddress,
                r.to(),
                toAddress,
                r.count(),
                r.requestBytes(),
                r.replyBytes(),
                r.minMs(),
                r.avgMs(),
                r.maxMs());
    }

    String line() {
        return String.format(
                Locale.ROOT,
                "hop %-12s %-21s -> %-12s %-21s %3d round trips%s: min %.3f ms, " + "avg %.3f ms, max %.3f ms",
                from,
                "(" + fromAddress + ")",
                to,
                "(" + toAddress + ")",
                count,
                requestBytes == 0 ? " (SELECT 1)" : " (" + requestBytes + " B / " + replyBytes + " B)",
                minMs,
                avgMs,
                maxMs);
    }
}
