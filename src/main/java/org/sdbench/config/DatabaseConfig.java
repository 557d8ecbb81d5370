package org.sdbench.config;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** How to reach the database. Never holds a password: see {@link #passwordEnv} and {@link #passwordFile}. */
public record DatabaseConfig(
        DbKind kind,
        String url,
        String user,
        String passwordEnv,
        String passwordFile,
        String schema,
        String embeddedDir,
        int embeddedPort,
        String sslmode,
        Tablespaces tablespaces,
        DbTimeouts timeouts,
        String transport,
        String unixSocketDir) {

    private static final Pattern IDENT = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final Set<String> SSL_MODES =
            Set.of("auto", "disable", "allow", "prefer", "require", "verify-ca", "verify-full");
    /** How work processes reach a PostgreSQL server: see {@code database.transport} in defaults.yaml. */
    public static final Set<String> TRANSPORTS = Set.of("auto", "tcp", "unix");

    private static final Pattern URL_HOSTS = Pattern.compile("jdbc:(?:postgresql|db2)://([^/?;]*).*");
    private static final Pattern PG_HOSTS = Pattern.compile("jdbc:postgresql://([^/?]*).*");

    public DatabaseConfig {
        url = url == null ? "" : url.trim();
        if (kind != DbKind.EMBEDDED) {
            String prefix = kind == DbKind.DB2 ? "jdbc:db2:" : "jdbc:postgresql:";
            ConfigException.require(
                    url.startsWith(prefix),
                    "database.url",
                    url,
                    "a JDBC URL starting with " + prefix + " when database.kind is "
                            + kind.name().toLowerCase());
            ConfigException.require(
                    !url.toLowerCase().contains("password="),
                    "database.url",
                    "<hidden>",
                    "a URL without a password (use database.passwordEnv, database.passwordFile or ~/.pgpass)");
            requirePorts(url);
        }
        ConfigException.require(user != null && !user.isBlank(), "database.user", user, "a non-empty user name");
        ConfigException.require(
                schema != null && IDENT.matcher(schema).matches(),
                "database.schema",
                schema,
                "a lower-case SQL identifier such as sdbench");
        ConfigException.require(
                embeddedPort >= 0 && embeddedPort < 65536,
                "database.embeddedPort",
                embeddedPort,
                "a TCP port from 1 to 65535, or 0 for the port the home picked once");
        ConfigException.require(SSL_MODES.contains(sslmode), "database.sslmode", sslmode, "one of " + SSL_MODES);
        if (sslmode.equals("auto")) {
            // Credentials and data cross a network only when the server is elsewhere: there, try TLS first.
            sslmode = kind == DbKind.POSTGRESQL && !loopbackOnly(url) ? "prefer" : "disable";
        }
        transport = transport == null ? null : transport.trim();
        ConfigException.require(
                transport != null && TRANSPORTS.contains(transport),
                "database.transport",
                transport,
                "one of auto (Unix-domain socket when the server is on this machine, else TCP), tcp, unix");
        ConfigException.require(
                !(transport.equals("unix") && kind == DbKind.DB2),
                "database.transport",
                transport,
                "auto or tcp for DB2 (its driver speaks TCP only)");
        unixSocketDir = unixSocketDir == null ? "" : unixSocketDir.trim();
        passwordEnv = passwordEnv == null ? "" : passwordEnv.trim();
        passwordFile = passwordFile == null ? "" : passwordFile.trim();
        embeddedDir = embeddedDir == null ? "" : embeddedDir.trim();
        ConfigException.require(
                tablespaces != null, "database.tablespaces", null, "a section with vb, insertOnly, mixed and master");
        ConfigException.require(
                timeouts != null,
                "database.timeouts",
                null,
                "a section with connect, socket, statement, lock, idleInTransaction and maxOutage");
    }

    /** Each {@code host:port} of the URL's authority has a port pgjdbc and DB2 JCC accept (they would fail later, less clearly). */
    private static void requirePorts(String url) {
        var m = URL_HOSTS.matcher(url);
        if (!m.matches()) {
            return;
        }
        for (String hostPort : m.group(1).split(",", -1)) {
            int close = hostPort.startsWith("[") ? hostPort.indexOf(']') : -1;
            int colon = hostPort.indexOf(':', Math.max(0, close));
            if (hostPort.startsWith("[") ? close < 0 : hostPort.indexOf(':') != hostPort.lastIndexOf(':')) {
                throw ConfigException.key(
                        "database.url", url, "a JDBC URL whose hosts read host, host:port or [IPv6]:port");
            }
            String port = colon < 0 ? "" : hostPort.substring(colon + 1);
            ConfigException.require(
                    colon < 0
                            || port.matches("[0-9]{1,5}")
                                    && Integer.parseInt(port) >= 1
                                    && Integer.parseInt(port) <= 65535,
                    "database.url",
                    url,
                    "a JDBC URL whose port is 1 to 65535 ('" + port + "' is not)");
        }
    }

    /** Whether every host a PostgreSQL URL names is this machine (no host at all means localhost). */
    public static boolean loopbackOnly(String url) {
        var m = PG_HOSTS.matcher(url);
        if (!m.matches()) {
            return !url.startsWith("jdbc:postgresql://");
        }
        for (String hostPort : m.group(1).split(",")) {
            String host = hostPort.startsWith("[")
                    ? hostPort.substring(1, Math.max(1, hostPort.indexOf(']')))
                    : hostPort.replaceFirst(":\\d*$", "");
            host = host.toLowerCase(Locale.ROOT);
            if (!(host.isEmpty() || host.equals("localhost") || host.startsWith("127.") || host.equals("::1"))) {
                return false;
            }
        }
        return true;
    }

    /** Where the embedded server keeps its data between runs. */
    public Path embeddedDataDir() {
        if (!embeddedDir.isEmpty()) {
            return Path.of(embeddedDir.replaceFirst("^~", System.getProperty("user.home")));
        }
        return stateHome().resolve("embedded-pg17");
    }

    /** Where sdbench keeps state between runs ({@link Homes#state}). */
    public static Path stateHome() {
        return Homes.state();
    }
}
