import java.lang.management.ManagementFactory;
import java.nio.file.*;
import java.sql.*;
import java.util.*;

/**
 * Client thread CPU and backend CPU (from /proc, so the server must be on this machine) per prepared-statement
 * round trip, over loopback TCP and through the Unix-domain socket, in alternating blocks on two connections:
 *
 *   java -cp target/sdbench.jar bench/TransportProbe.java JDBC_URL SOCKET_FILE BLOCKS STATEMENTS_PER_BLOCK
 *
 * e.g. jdbc:postgresql://127.0.0.1:5432/sdbench_perf /var/run/postgresql/.s.PGSQL.5432 20 3000. One COMMIT
 * after every second statement, as a work process mixes them. User postgres, password from the environment
 * is not supported: a trust or .pgpass setup.
 */
public class TransportProbe {
    static long backendTicks(int pid) throws Exception {
        String s = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime + stime in clock ticks
    }
    public static void main(String[] a) throws Exception {
        String url = a[0];
        int blocks = Integer.parseInt(a[2]), per = Integer.parseInt(a[3]);
        var bean = ManagementFactory.getThreadMXBean();
        Map<String, Properties> modes = new LinkedHashMap<>();
        Properties tcp = new Properties();
        tcp.setProperty("user", "postgres");
        tcp.setProperty("socketFactory", "org.sdbench.database.WatchedSocketFactory");
        tcp.setProperty("socketTimeout", "300");
        tcp.setProperty("connectTimeout", "10");
        Properties unix = (Properties) tcp.clone();
        unix.setProperty("socketFactory", "org.sdbench.database.UnixSocketFactory");
        unix.setProperty("socketFactoryArg", a[1]);
        modes.put("tcp", tcp); modes.put("unix", unix);
        Map<String, Connection> conns = new HashMap<>();
        Map<String, PreparedStatement> ps = new HashMap<>();
        Map<String, Integer> pids = new HashMap<>();
        for (var e : modes.entrySet()) {
            Connection c = DriverManager.getConnection(url, e.getValue());
            c.setAutoCommit(false);
            try (var st = c.createStatement(); var rs = st.executeQuery("select pg_backend_pid()")) { rs.next(); pids.put(e.getKey(), rs.getInt(1)); }
            conns.put(e.getKey(), c);
            ps.put(e.getKey(), c.prepareStatement("SELECT relname, relpages FROM pg_class WHERE oid = ?"));
        }
        Map<String, List<Double>> cli = new HashMap<>(), srv = new HashMap<>();
        for (int b = -2; b < blocks; b++) {
            for (String m : modes.keySet()) {
                PreparedStatement p = ps.get(m);
                long t0 = bean.getCurrentThreadCpuTime(); long s0 = backendTicks(pids.get(m));
                for (int i = 0; i < per; i++) {
                    p.setLong(1, 1259);
                    try (ResultSet rs = p.executeQuery()) { rs.next(); rs.getString(1); }
                    if ((i & 1) == 1) conns.get(m).commit();
                }
                long t1 = bean.getCurrentThreadCpuTime(); long s1 = backendTicks(pids.get(m));
                int rts = per + per / 2;
                if (b >= 0) {
                    cli.computeIfAbsent(m, k -> new ArrayList<>()).add((t1 - t0) / 1000.0 / rts);
                    srv.computeIfAbsent(m, k -> new ArrayList<>()).add((s1 - s0) * 10_000.0 / rts);
                }
            }
        }
        for (String m : modes.keySet()) {
            List<Double> c = new ArrayList<>(cli.get(m)), s = new ArrayList<>(srv.get(m));
            Collections.sort(c); Collections.sort(s);
            System.out.printf(Locale.ROOT, "%-5s client CPU/round trip: median %.1f us (min %.1f max %.1f)   backend CPU/round trip: median %.1f us (min %.1f max %.1f)%n",
                m, c.get(c.size() / 2), c.get(0), c.get(c.size() - 1), s.get(s.size() / 2), s.get(0), s.get(s.size() - 1));
        }
    }
}
