package org.sdbench.apptier.instance.numberrange;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.postgresql.ds.PGSimpleDataSource;
import org.sdbench.database.PostgresDialect;
import org.sdbench.database.ddl.DdlGenerator;
import org.sdbench.database.ddl.Schema;
import org.sdbench.database.load.TestDb;

/** A throw-away schema on the real test PostgreSQL holding the project's own NRIV DDL. */
final class PgSchema implements AutoCloseable {
    final String name;
    final PGSimpleDataSource dataSource;

    private PgSchema(String name, PGSimpleDataSource dataSource) {
        this.name = name;
        this.dataSource = dataSource;
    }

    static PgSchema create(String prefix) throws SQLException, IOException {
        String url = TestDb.url();
        String name =
                prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        PGSimpleDataSource admin = new PGSimpleDataSource();
        admin.setURL(url);
        admin.setUser(env("SDBENCH_TEST_DB_USER", "postgres"));
        String password = System.getenv("SDBENCH_TEST_DB_PASSWORD");
        if (password != null) {
            admin.setPassword(password);
        }
        try (Connection c = admin.getConnection();
                Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA " + name);
            st.execute("SET search_path TO " + name);
            st.execute(nrivDdl());
        }
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        ds.setUser(admin.getUser());
        ds.setPassword(admin.getPassword());
        ds.setCurrentSchema(name);
        return new PgSchema(name, ds);
    }

    /** The CREATE TABLE nriv statement generated from the shipped schema, so the test follows schema changes. */
    private static String nrivDdl() {
        return new DdlGenerator(new PostgresDialect())
                .createTable(Schema.standard().table("nriv"));
    }

    Connection connect() throws SQLException {
        return dataSource.getConnection();
    }

    void exec(String sql) throws SQLException {
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    long queryLong(String sql) throws SQLException {
        try (Connection c = connect();
                Statement st = c.createStatement();
                var rs = st.executeQuery(sql)) {
            if (!rs.next()) {
                throw new IllegalStateException("no row for: " + sql);
            }
            return rs.getLong(1);
        }
    }

    @Override
    public void close() throws SQLException {
        exec("DROP SCHEMA " + name + " CASCADE");
    }

    private static String env(String key, String fallback) {
        String v = System.getenv(key);
        return v == null || v.isBlank() ? fallback : v;
    }
}
