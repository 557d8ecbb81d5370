package org.sdbench.report;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sdbench.apptier.TierNetwork;
import org.sdbench.config.NetworkConfig;
import org.sdbench.config.NetworkHop;
import org.sdbench.network.EmulatedLink;
import org.sdbench.network.LinkProfile;
import org.sdbench.network.NetworkEmulation;
import org.sdbench.network.RoundTrip;
import org.sdbench.network.SocketAddresses;

/** The network part of a run's report: built from the emulation in use, printed on the terminal. */
public final class NetworkSection {
    private NetworkSection() {}

    /** The hops a tier emulated as the report names them, with the DB round trip measured before the run. */
    public static RunReport.Network of(TierNetwork tier, RoundTrip dbRoundTrip) {
        return tier.appServerSide() == null
                ? of(tier.own(), dbRoundTrip)
                : threeTier(tier.own(), tier.appServerSide(), dbRoundTrip);
    }

    private static RunReport.Network of(NetworkEmulation net, RoundTrip dbRoundTrip) {
        List<RunReport.EmulatedHop> hops = new ArrayList<>();
        for (var r : net.routes()) {
            LinkProfile q = r.spec().forward();
            LinkProfile a = r.spec().back();
            var relay = net.relay(r.hop());
            hops.add(hop(
                    r.hop().key(),
                    SocketAddresses.format(r.target()),
                    SocketAddresses.format(r.relay()),
                    q,
                    a,
                    relay == null ? 0 : relay.stats().losses()));
        }
        return new RunReport.Network(hops, dbRoundTrip);
    }

    /**
     * A three-tier run's network: the driver's own relays, plus the links each app-server process
     * emulates itself (to the central services and to the DB), named from the configuration; their
     * retransmissions are counted in those processes, not here.
     */
    private static RunReport.Network threeTier(
            NetworkEmulation driverSide, NetworkConfig config, RoundTrip dbRoundTrip) {
        RunReport.Network own = of(driverSide, dbRoundTrip);
        List<RunReport.EmulatedHop> hops = new ArrayList<>(own.emulated());
        for (EmulatedLink hop : List.of(EmulatedLink.APP_TO_CENTRAL, EmulatedLink.APP_TO_DB)) {
            NetworkHop h = hop.of(config);
            if (h.emulated()) {
                LinkProfile q = NetworkEmulation.requests(h);
                LinkProfile a = NetworkEmulation.replies(h);
                hops.add(hop(hop.key(), "from each app server", "in each app-server process", q, a, 0));
            }
        }
        return new RunReport.Network(hops, dbRoundTrip);
    }

    /** One emulated hop: {@code q} shapes the requests, {@code a} the replies. */
    private static RunReport.EmulatedHop hop(
            String name, String target, String relay, LinkProfile q, LinkProfile a, long losses) {
        return new RunReport.EmulatedHop(
                name,
                target,
                relay,
                ms(q.delay()),
                ms(q.jitter()),
                q.loss(),
                ms(a.delay()),
                ms(a.jitter()),
                a.loss(),
                ms(q.retransmitTimeout()),
                losses);
    }

    private static double ms(Duration d) {
        return d.toNanos() / 1e6;
    }

    /** One or two lines: what was emulated (said plainly, it changes every figure) and the DB round trip. */
    public static void print(RunReport.Network n, PrintWriter out) {
        if (n == null) {
            return;
        }
        for (var h : n.emulated()) {
            out.printf(
                    Locale.ROOT,
                    "network       EMULATED %s (to %s) via relay: requests delay %.3f ms jitter %.3f ms loss %.3f %%, "
                            + "replies delay %.3f ms jitter %.3f ms loss %.3f %%; %d emulated retransmissions%n",
                    h.hop(),
                    h.target(),
                    h.delayMs(),
                    h.jitterMs(),
                    h.loss() * 100,
                    h.replyDelayMs(),
                    h.replyJitterMs(),
                    h.replyLoss() * 100,
                    h.emulatedLosses());
        }
        RoundTrip rt = n.dbRoundTrip();
        if (rt != null) {
            out.printf(
                    Locale.ROOT,
                    "db round trip SELECT 1 x %d before the run: min %.3f  avg %.3f  max %.3f ms%s%n",
                    rt.samples(),
                    rt.minMs(),
                    rt.avgMs(),
                    rt.maxMs(),
                    n.emulated().stream().anyMatch(h -> h.hop().equals("appToDb")) ? " (through the relay)" : "");
        }
    }
}
