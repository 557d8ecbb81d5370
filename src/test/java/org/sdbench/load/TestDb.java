package org.sdbench.load;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.cli.SdbenchCommand;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.Database;

/** The system PostgreSQL for tests: $SDBENCH_TEST_DB_URL or 127.0.0.1:5432/sdbench_test, one schema per test class. */
public final class TestDb {
    private TestDb() {
    }

    public static String url() {
        String u = System.getenv("SDBENCH_TEST_DB_URL");
        return u == null || u.isBlank() ? "jdbc:postgresql://127.0.0.1:5432/sdbench_test" : u;
    }

    /** config/quick.yaml against the test server and {@code schema}, plus extra --set overrides. */
    public static SdbenchConfig config(String schema, String... sets) {
        List<String> all = new ArrayList<>(List.of("database.kind=postgresql", "database.url=" + url(),
                "database.schema=" + schema));
        all.addAll(List.of(sets));
        return new ConfigLoader(Path.of("")).load(Path.of("config/quick.yaml"), null, all);
    }

    public static Database open(SdbenchConfig config) {
        return Database.open(config.database(), true);
    }

    public static void drop(String schema) throws SQLException {
        try (Database db = open(config(schema)); Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    /** Exit code, stdout and stderr of one {@code sdbench} command line. */
    public record Run(int exit, String out, String err) {
    }

    public static synchronized Run sdbench(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = SdbenchCommand.execute(args);
            System.out.flush();
            System.err.flush();
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
