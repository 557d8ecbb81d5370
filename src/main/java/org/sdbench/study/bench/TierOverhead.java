package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The overhead bench's figures of the three-tier layout: where the simulator's CPU per step went
 * besides the driver (the app-server processes and the central services, from the CPU samples the
 * run takes of them at every harvest) and the wire's CPU per round trip.
 */
final class TierOverhead {
    private final PrintWriter out;

    TierOverhead(PrintWriter out) {
        this.out = out;
    }

    /** A variant's lines in the overhead table beside its driver thread groups. */
    static void print(MeasuredConfig v, WireBench.Result wire, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "      %7.2f us  app-server processes (their own CPU samples)%n",
                v.appServerMicrosPerStep());
        out.printf(Locale.ROOT, "      %7.2f us  central services%n", v.centralMicrosPerStep());
        out.printf(
                Locale.ROOT,
                "      %7.2f us  of these two, their JIT compilers (new JVMs each round, warmed in its ramp-up)%n",
                v.childJitMicrosPerStep());
        out.printf(
                Locale.ROOT,
                "      %7.2f us  the wire: one dialog-step round trip per step, driver and app-server side "
                        + "(%,d round trips by %d callers on loopback after the rounds; part of the figures above)%n",
                wire.cpuMicrosPerRoundTrip(),
                wire.roundTrips(),
                wire.clients());
    }

    /** Where the three-tier layout's CPU per step went, before the targets both layouts share. */
    void summary(MeasuredConfig sql, WireBench.Result wire) {
        out.printf(
                Locale.ROOT,
                "three-tier: app-server processes %.1f us per step (the JIT compilers of the processes the rounds "
                        + "started %.1f us) beside PostgreSQL's %.1f us; the wire %.1f us per round trip (%.1f %% of the "
                        + "simulator's %.1f us per step)%n",
                sql.appServerMicrosPerStep(),
                sql.childJitMicrosPerStep(),
                sql.dbBackendMicrosPerStep(),
                wire.cpuMicrosPerRoundTrip(),
                100 * wire.cpuMicrosPerRoundTrip() / sql.medianMicrosPerStep(),
                sql.medianMicrosPerStep());
    }
}
