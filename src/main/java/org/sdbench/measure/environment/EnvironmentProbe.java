package org.sdbench.measure.environment;

import java.net.URI;
import java.time.OffsetDateTime;
import java.util.Set;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.DbKind;
import org.sdbench.database.Database;

/** Captures environment.json at the start of a run. */
public final class EnvironmentProbe {
    private static final Set<String> LOCAL = Set.of("localhost", "127.0.0.1", "::1", "[::1]");

    private EnvironmentProbe() {}

    public static Environment capture(Database db, String sdbenchVersion) {
        return new Environment(
                Environment.SCHEMA_VERSION,
                OffsetDateTime.now().toString(),
                sdbenchVersion,
                HostProbe.capture(),
                HostProbe.jvm(),
                DbProbe.capture(db),
                DiskProbe.capture(db),
                CalibrationProbe.forRun(DatabaseConfig.stateHome()),
                network(db),
                null);
    }

    /** The network sysctls and the DB round trip as this process sees them now. */
    public static Environment.Network network(Database db) {
        return new Environment.Network(
                NetworkSysctls.read(), DbRoundTripProbe.measure(db, DbRoundTripProbe.DEFAULT_SAMPLES));
    }

    /** Whether the DB server runs on this host (embedded, or a loopback URL). */
    public static boolean isLocal(DatabaseConfig c) {
        if (c.kind() == DbKind.EMBEDDED) {
            return true;
        }
        try {
            String rest = c.url().substring(c.url().indexOf(':') + 1);
            String host = URI.create(rest.substring(rest.indexOf(':') + 1).replaceFirst("^//", "http://"))
                    .getHost();
            return host != null && (LOCAL.contains(host) || host.startsWith("127."));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return false;
        }
    }
}
