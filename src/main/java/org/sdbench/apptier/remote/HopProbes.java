package org.sdbench.apptier.remote;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sdbench.apptier.RunFiles;
import org.sdbench.config.HostAndPort;
import org.sdbench.database.Database;
import org.sdbench.network.SocketAddresses;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.RoundTrips;
import org.sdbench.protocol.wire.WireClient;

/**
 * Every hop timed before the run, each end named by role and address: driver to the central
 * services and to each app server (ping frames), each app server to the central services and to
 * the DB (its own probe). Printed, and recorded in environment.json under "hops".
 */
final class HopProbes {
    private static final int PINGS = 50;

    private HopProbes() {}

    static void record(Connections connections, HostAndPort central, Database db, RunFiles files, PrintWriter out)
            throws InterruptedException {
        String driver = ProcessInfo.current(Role.DRIVER).host();
        String dbAddress = SocketAddresses.format(db.endpoint());
        Map<Integer, HostAndPort> instances = connections.addresses();
        List<HopProbe> hops = new ArrayList<>();
        for (RoundTrips r : probe(connections, instances)) {
            String from = r.from().equals(Role.DRIVER) ? driver : address(instances, r.from());
            String to = r.to().equals(Role.CENTRAL)
                    ? central.toString()
                    : r.to().equals(Role.DB) ? dbAddress : address(instances, r.to());
            hops.add(HopProbe.of(r, from, to));
        }
        for (HopProbe h : hops) {
            out.println(h.line());
        }
        out.flush();
        files.addToEnvironment("hops", hops);
    }

    private static List<RoundTrips> probe(Connections connections, Map<Integer, HostAndPort> instances)
            throws InterruptedException {
        List<RoundTrips> hops = new ArrayList<>();
        hops.add(RoundTrips.ping(connections.central(), Role.DRIVER, Role.CENTRAL, PINGS));
        for (int n : instances.keySet()) {
            WireClient c = connections.client(n);
            hops.add(RoundTrips.ping(c, Role.DRIVER, Role.appServer(n), PINGS));
            var r = AppMessages.ProbeReply.decode(
                    c.call(FrameType.PROBE, new AppMessages.Probe(PINGS).encode(), connections.replyTimeout())
                            .body());
            hops.add(r.toCentral());
            hops.add(r.toDb());
        }
        return hops;
    }

    private static String address(Map<Integer, HostAndPort> instances, String role) {
        if (Role.isAppServer(role)) {
            HostAndPort a = instances.get(Role.instance(role));
            if (a != null) {
                return a.toString();
            }
        }
        return "unknown";
    }
}
