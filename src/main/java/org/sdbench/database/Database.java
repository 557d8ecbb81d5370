package org.sdbench.database;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.DbKind;
import org.sdbench.core.EnvironmentException;

/**
 * One database target for a command: the embedded server or an external one, its dialect, and
 * the connection pools created on it. Closing it closes the pools and stops an embedded server.
 */
public final class Database implements AutoCloseable {
    private final DatabaseConfig config;
    private final Dialect dialect;
    private final String url;
    private final String password;
    private final EmbeddedServer embedded;
    /** The URL connections dial: {@link #url}, or the same with host and port of a relay in front of it. */
    private volatile String dialUrl;

    private final List<HikariDataSource> pools = new CopyOnWriteArrayList<>();
    /** Where pools created from now on record their statements, or null (the normal case). */
    private volatile ConnectionInterceptor capture;

    private DbTransport transport = DbTransport.tcp("");

    private Database(DatabaseConfig config, Dialect dialect, String url, String password, EmbeddedServer embedded) {
        this.config = config;
        this.dialect = dialect;
        this.url = url;
        this.password = password;
        this.embedded = embedded;
        this.dialUrl = url;
    }

    /**
     * Opens the target and proves it answers. With {@code createMissing}, a PostgreSQL database
     * named in the URL that does not exist yet is created (what {@code load --create-database}
     * asks for); without it a missing database is an environment error, since the name may be a typo.
     */
    public static Database open(DatabaseConfig config, boolean createMissing) {
        return open(config, createMissing, Map.of());
    }

    /**
     * The same, with the embedded server started with {@code serverSettings} (PostgreSQL names and
     * values) as start-up options; an external server's settings are changed on the server instead.
     */
    public static Database open(DatabaseConfig config, boolean createMissing, Map<String, String> serverSettings) {
        if (!serverSettings.isEmpty() && config.kind() != DbKind.EMBEDDED) {
            throw new IllegalArgumentException(
                    "start-up settings apply to the embedded server only, not to " + config.kind());
        }
        String password = Passwords.resolve(config);
        if (config.kind() == DbKind.EMBEDDED) {
            EmbeddedServer server =
                    EmbeddedServer.start(config.embeddedDataDir(), config.embeddedPort(), serverSettings);
            Database db = new Database(config, new PostgresDialect(), server.jdbcUrl(), server.password(), server);
            try {
                db.probe(false);
                db.chooseTransport(true, server.socketDir());
            } catch (RuntimeException e) {
                db.close();
                throw e;
            }
            return db;
        }
        Dialect dialect = config.kind() == DbKind.DB2 ? new Db2Dialect() : new PostgresDialect();
        Database db = new Database(config, dialect, config.url(), password, null);
        db.probe(createMissing && config.kind() == DbKind.POSTGRESQL);
        db.chooseTransport(
                config.kind() == DbKind.POSTGRESQL && !db.url.contains(",") && DatabaseConfig.loopbackOnly(db.url),
                null);
        return db;
    }

    private void chooseTransport(boolean local, Path ownSocketDir) {
        int port = local ? endpoint().getPort() : 0;
        transport = DbTransport.choose(config, local, port, ownSocketDir, socket -> {
            Properties p = properties();
            if (socket != null) {
                new DbTransport(socket, "").connectionProperties().forEach(p::setProperty);
            }
            try (Connection c = DriverManager.getConnection(url, p);
                    var st = c.createStatement();
                    var rs = st.executeQuery(DbTransport.IDENTITY_SQL)) {
                return rs.next() ? rs.getString(1) : null;
            }
        });
    }

    /**
     * How the pools' connections (the work processes') reach the server. Plain {@link #connect()}
     * connections always use TCP: a channel-based socket is closed by an interrupt of the thread
     * using it, and set-up, audit and statistics threads do get interrupted.
     */
    public DbTransport transport() {
        return transport;
    }

    public Dialect dialect() {
        return dialect;
    }

    public DatabaseConfig config() {
        return config;
    }

    public String schema() {
        return config.schema();
    }

    /** Where the data lives, for messages and reports; never includes a password. */
    public String describe() {
        return embedded != null ? "embedded PostgreSQL (" + url + ", data in " + embedded.dataDir() + ")" : url;
    }

    /** The environment variable through which {@link #childOverrides} hands the password to a child process. */
    public static final String CHILD_PASSWORD_ENV = "SDBENCH_CHILD_DB_PASSWORD";

    /**
     * Configuration overrides that point another sdbench process at this same database (the
     * embedded server becomes a plain PostgreSQL URL); never contains the password.
     */
    public List<String> childOverrides() {
        String kind = config.kind() == DbKind.DB2 ? "db2" : "postgresql";
        var o = new ArrayList<>(List.of(
                "database.kind=" + kind,
                "database.url=" + url,
                "database.user=" + config.user(),
                "database.passwordEnv=" + CHILD_PASSWORD_ENV,
                "database.passwordFile="));
        if (transport.isUnix()) {
            o.add("database.unixSocketDir=" + transport.unixSocket().getParent());
        }
        return List.copyOf(o);
    }

    /** The password for a child process, to pass in its environment (never in argv); empty when none. */
    public Map<String, String> childEnvironment() {
        return password == null ? Map.of() : Map.of(CHILD_PASSWORD_ENV, password);
    }

    public boolean isEmbedded() {
        return embedded != null;
    }

    /** The embedded server's data directory; null for an external server. */
    public Path embeddedDataDirectory() {
        return embedded == null ? null : embedded.dataDir();
    }

    /**
     * At JVM shutdown, keeps an embedded server running until {@code gate} opens (bounded), so
     * that an interrupted run can still finish its report; nothing to do for an external server.
     * Run the returned release when the gate no longer matters.
     */
    public Runnable holdServerUntil(CountDownLatch gate) {
        return embedded == null ? () -> {} : embedded.stopAfter(gate);
    }

    /** A plain connection (autocommit on) with the schema set, for set-up and audits. */
    public Connection connect() throws SQLException {
        Properties p = properties();
        return DriverManager.getConnection(dialUrl, p);
    }

    /** A HikariCP pool of exactly {@code size} connections, autocommit off, closed with this database. */
    public HikariDataSource pool(String name, int size) {
        return pool(name, size, null);
    }

    /**
     * A pool whose sessions the server lists under {@code applicationName} (null: the default name),
     * so that they can be told from every other process's sessions and ended when fenced.
     */
    public HikariDataSource pool(String name, int size, String applicationName) {
        HikariConfig hc = new HikariConfig();
        hc.setPoolName(name);
        ConnectionInterceptor recording = capture;
        if (recording != null) {
            Properties p = properties();
            if (applicationName != null) {
                p.setProperty(dialect.applicationNameProperty(), applicationName);
            }
            dialect.sessionTimeoutProperties(config.timeouts()).forEach(p::setProperty);
            if (dialUrl.equals(url)) {
                transport.connectionProperties().forEach(p::setProperty);
            }
            String target = dialUrl;
            hc.setDataSource(recording.dataSource(() -> DriverManager.getConnection(target, p)));
        } else {
            hc.setJdbcUrl(dialUrl);
            hc.setUsername(config.user());
            if (password != null) {
                hc.setPassword(password);
            }
            properties().forEach((k, v) -> {
                if (!k.equals("user") && !k.equals("password")) {
                    hc.addDataSourceProperty((String) k, v);
                }
            });
            dialect.sessionTimeoutProperties(config.timeouts()).forEach(hc::addDataSourceProperty);
            if (applicationName != null) {
                hc.addDataSourceProperty(dialect.applicationNameProperty(), applicationName);
            }
            if (dialUrl.equals(url)) {
                // Not through a network-emulating relay: that one listens on TCP.
                transport.connectionProperties().forEach(hc::addDataSourceProperty);
            }
        }
        hc.setMaximumPoolSize(size);
        hc.setMinimumIdle(size);
        hc.setAutoCommit(false);
        long connectMs = config.timeouts().connect().toMillis();
        hc.setConnectionTimeout(connectMs);
        // A server that does not answer at start is an environment error, not a reason to wait forever.
        hc.setInitializationFailTimeout(connectMs);
        try {
            HikariDataSource ds = new HikariDataSource(hc);
            pools.add(ds);
            return ds;
        } catch (HikariPool.PoolInitializationException e) {
            throw new EnvironmentException("connection pool '" + name + "': no connection to " + url + " within "
                    + "database.timeouts.connect (" + EmbeddedServer.rootCause(e)
                    + "); is the server up and reachable?");
        }
    }

    /**
     * Pools created from now on record every statement their connections send into {@code c}
     * ({@code null}: pools created from now on do not); pools that exist are not affected.
     */
    public void captureStatements(ConnectionInterceptor c) {
        this.capture = c;
    }

    /** The options that have child process {@code role} record its pools as this process's do ({@link #captureStatements}). */
    public List<String> childCaptureOptions(String role) {
        ConnectionInterceptor c = capture;
        return c == null ? List.of() : c.childOptions(role);
    }

    private Properties properties() {
        Properties p = new Properties();
        p.setProperty("user", config.user());
        if (password != null) {
            p.setProperty("password", password);
        }
        dialect.connectionProperties(config.schema(), config.sslmode()).forEach(p::setProperty);
        dialect.clientTimeoutProperties(config.timeouts()).forEach(p::setProperty);
        return p;
    }

    private void probe(boolean createMissing) {
        try (Connection c = connect()) {
            c.isValid(5);
        } catch (SQLException e) {
            if (createMissing && "3D000".equals(e.getSQLState())) {
                createDatabase();
                probe(false);
                return;
            }
            throw new EnvironmentException(SqlErrors.describeConnectFailure(e, url, config));
        }
    }

    private void createDatabase() {
        String name = databaseName(url);
        String adminUrl = url.replaceFirst("/" + Pattern.quote(name) + "(?=$|\\?)", "/postgres");
        try (Connection c = DriverManager.getConnection(adminUrl, properties());
                var s = c.createStatement()) {
            s.execute("CREATE DATABASE \"" + name.replace("\"", "") + "\"");
        } catch (SQLException e) {
            throw new EnvironmentException("database '" + name + "' does not exist and cannot be created ("
                    + e.getMessage().lines().findFirst().orElse("") + "): create it, or fix database.url");
        }
    }

    private static final Pattern HOST_PORT =
            Pattern.compile("^(jdbc:[a-z0-9]+://)(\\[[^\\]]+\\]|[^/:?\\[]+)(?::(\\d+))?");

    /** Host and port the URL names (the driver's default port when it names none). */
    public InetSocketAddress endpoint() {
        var m = HOST_PORT.matcher(url);
        if (!m.find()) {
            throw new EnvironmentException(
                    "cannot tell host and port from " + url + ": expected jdbc:<driver>://HOST[:PORT]/DB");
        }
        String host = m.group(2).replaceAll("^\\[|\\]$", "");
        int port = m.group(3) != null ? Integer.parseInt(m.group(3)) : dialect instanceof Db2Dialect ? 50000 : 5432;
        return InetSocketAddress.createUnresolved(host, port);
    }

    /**
     * Connections made from now on dial {@code via} (a network-emulating relay in front of this database)
     * instead of the URL's host and port ({@code null}: dial the URL again); {@link #describe()} still names
     * the database itself.
     */
    public void dialVia(InetSocketAddress via) {
        if (via == null) {
            dialUrl = url;
            return;
        }
        String h = via.getHostString();
        dialUrl = HOST_PORT
                .matcher(url)
                .replaceFirst("$1"
                        + Matcher.quoteReplacement((h.indexOf(':') >= 0 ? "[" + h + "]" : h) + ":" + via.getPort()));
    }

    static String databaseName(String jdbcUrl) {
        String rest = jdbcUrl.substring("jdbc:".length());
        String path = URI.create(rest.replace("postgresql://", "http://")).getPath();
        return path == null || path.length() <= 1 ? "postgres" : path.substring(1);
    }

    @Override
    public void close() {
        pools.forEach(HikariDataSource::close);
        pools.clear();
        if (embedded != null) {
            embedded.close();
        }
    }
}
