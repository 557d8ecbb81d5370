import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Properties;

/**
 * Client CPU of NUMERIC values in pgjdbc, binary (pgjdbc's default) against text
 * (binaryTransferDisable=NUMERIC, what db/PostgresDialect sets): ten setBigDecimal calls on a prepared
 * statement, and ten getBigDecimal calls on a row of ten NUMERIC columns the server sent, each measured
 * by thread CPU time over 2,000,000 repetitions after two warm-up passes, both modes alternating three
 * times:
 *
 *   java -cp target/sdbench.jar bench/NumericBindProbe.java JDBC_URL SOCKET_FILE
 *
 * e.g. jdbc:postgresql://127.0.0.1:5432/sdbench_perf /var/run/postgresql/.s.PGSQL.5432. User postgres,
 * a trust or .pgpass setup. Nothing is executed: the binary form's cost is all in the bind (it
 * converts the unscaled value to base-10,000 digits there), the text form's string is encoded when
 * the statement is sent, a few nanoseconds for these lengths.
 */
public class NumericBindProbe {
    private static final String ROW = "SELECT " + String.join(", ",
            java.util.stream.IntStream.rangeClosed(1, 10).mapToObj(i -> new BigDecimal("1234.56").multiply(BigDecimal.valueOf(i)) + "::numeric(15,2)").toList());

    public static void main(String[] a) throws Exception {
        var bean = ManagementFactory.getThreadMXBean();
        String sql = "SELECT " + String.join(" + ", java.util.Collections.nCopies(10, "?::numeric"));
        BigDecimal[] v = new BigDecimal[10];
        for (int i = 0; i < v.length; i++) {
            v[i] = new BigDecimal("1234.56").multiply(BigDecimal.valueOf(i + 1));
        }
        for (int round = 0; round < 3; round++) {
            for (String mode : new String[] {"binary", "text"}) {
                Properties p = new Properties();
                p.setProperty("user", "postgres");
                p.setProperty("socketFactory", "org.sdbench.database.UnixSocketFactory");
                p.setProperty("socketFactoryArg", a[1]);
                if (mode.equals("text")) {
                    p.setProperty("binaryTransferDisable", "NUMERIC");
                }
                try (Connection c = DriverManager.getConnection(a[0], p); PreparedStatement ps = c.prepareStatement(sql);
                     PreparedStatement row = c.prepareStatement(ROW)) {
                    for (int i = 0; i < 6; i++) {
                        // The statement becomes a named server-side one, whose results come binary where enabled.
                        row.executeQuery().close();
                    }
                    int n = 2_000_000;
                    for (int pass = 0; pass < 3; pass++) {
                        long t0 = bean.getCurrentThreadCpuTime();
                        for (int i = 0; i < n; i++) {
                            for (int k = 0; k < v.length; k++) {
                                ps.setBigDecimal(k + 1, v[k]);
                            }
                            ps.clearParameters();
                        }
                        if (pass == 2) {
                            System.out.printf("%-6s %6.1f ns per setBigDecimal", mode,
                                    (bean.getCurrentThreadCpuTime() - t0) / (double) n / v.length);
                        }
                    }
                    try (ResultSet rs = row.executeQuery()) {
                        rs.next();
                        BigDecimal sum = BigDecimal.ZERO;
                        for (int pass = 0; pass < 3; pass++) {
                            long t0 = bean.getCurrentThreadCpuTime();
                            for (int i = 0; i < n; i++) {
                                for (int k = 1; k <= v.length; k++) {
                                    sum = rs.getBigDecimal(k);
                                }
                            }
                            if (pass == 2) {
                                System.out.printf(", %6.1f ns per getBigDecimal (%s)%n",
                                        (bean.getCurrentThreadCpuTime() - t0) / (double) n / v.length, sum);
                            }
                        }
                    }
                }
            }
        }
    }
}
