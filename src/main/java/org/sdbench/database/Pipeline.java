package org.sdbench.database;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Write statements collected to be sent together by {@link DbSession#run(Pipeline)}: on a DBMS
 * that takes several statements in one request (PostgreSQL), one round trip for all of them, each
 * still a statement of its own in the database's statement statistics. The update task's modules
 * write through one, so a V1 update costs a few round trips instead of one per table.
 */
public final class Pipeline {
    /** PostgreSQL's bind message counts parameters in 16 bits; a multi-row INSERT stays well below. */
    private static final int MAX_PARAMETERS_PER_STATEMENT = 30_000;

    private record Entry(String sql, List<Object[]> rows) {}

    private final Dialect dialect;
    private final List<Entry> entries = new ArrayList<>();

    public Pipeline(Dialect dialect) {
        this.dialect = dialect;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** One execution of {@code sql}. */
    public void update(String sql, Object... params) {
        entries.add(new Entry(sql, List.<Object[]>of(params)));
    }

    /** {@code sql} once per row; nothing for no rows. As a JDBC batch, it counts as one statement. */
    public void batch(String sql, List<Object[]> rows) {
        if (!rows.isEmpty()) {
            entries.add(new Entry(sql, List.copyOf(rows)));
        }
    }

    /** Adds the other pipeline's statements after this one's. */
    public void append(Pipeline other) {
        entries.addAll(other.entries);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** Statements as the session counts them: a batch counts once, as {@link DbSession#batch} does. */
    int statements() {
        return entries.size();
    }

    /**
     * What {@link #sql()} depends on: the statements and each one's row count. Equal shapes give
     * the same SQL text, so a session builds the text of a shape once, not on every request (the
     * statements are constants, so comparing them mostly compares references).
     */
    Object shape() {
        String[] sqls = new String[entries.size()];
        int[] rows = new int[entries.size()];
        for (int i = 0; i < sqls.length; i++) {
            sqls[i] = entries.get(i).sql();
            rows[i] = entries.get(i).rows().size();
        }
        return new Shape(sqls, rows);
    }

    private record Shape(String[] sqls, int[] rows) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Shape s && Arrays.equals(rows, s.rows) && Arrays.equals(sqls, s.sqls);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(sqls) + Arrays.hashCode(rows);
        }
    }

    /** Runs the entries one by one on a DBMS that takes one statement per request (a one-row batch is one execution). */
    void runEach(DbSession db) throws SQLException {
        for (Entry e : entries) {
            db.batch(e.sql(), e.rows());
        }
    }

    /**
     * All entries as one SQL text of statements separated by semicolons: the rows of a batched
     * INSERT as one multi-row INSERT (what pgjdbc's {@code reWriteBatchedInserts} makes of a batch),
     * any other batch as its statement repeated per row.
     */
    String sql() {
        StringBuilder sb = new StringBuilder(256 * entries.size());
        for (Entry e : entries) {
            int values = multiRowValuesAt(e.sql());
            int n = e.rows().size();
            if (n == 1) {
                append(sb, e.sql());
            } else if (values < 0) {
                for (int i = 0; i < n; i++) {
                    append(sb, e.sql());
                }
            } else {
                String head = e.sql().substring(0, values);
                String tuple = e.sql().substring(values);
                int perStatement = Math.max(
                        1, MAX_PARAMETERS_PER_STATEMENT / Math.max(1, e.rows().get(0).length));
                for (int from = 0; from < n; from += perStatement) {
                    sb.append(sb.isEmpty() ? "" : ";\n").append(head);
                    for (int i = from; i < Math.min(n, from + perStatement); i++) {
                        sb.append(i == from ? "" : ", ").append(tuple);
                    }
                }
            }
        }
        return sb.toString();
    }

    /** The parameters of {@link #sql()}, in order. */
    Object[] parameters() {
        int count = 0;
        for (Entry e : entries) {
            for (Object[] r : e.rows()) {
                count += r.length;
            }
        }
        Object[] out = new Object[count];
        int at = 0;
        for (Entry e : entries) {
            for (Object[] r : e.rows()) {
                System.arraycopy(r, 0, out, at, r.length);
                at += r.length;
            }
        }
        return out;
    }

    private static void append(StringBuilder sb, String sql) {
        sb.append(sb.isEmpty() ? "" : ";\n").append(sql);
    }

    /**
     * Where the single values tuple of a plain {@code INSERT ... VALUES (...)} starts, or -1 when
     * the statement is anything else (an upsert's ON CONFLICT clause, an UPDATE): only a tuple that
     * ends the statement can be repeated.
     */
    static int multiRowValuesAt(String sql) {
        if (!sql.regionMatches(true, 0, "INSERT", 0, 6) || !sql.endsWith(")")) {
            return -1;
        }
        int v = sql.toUpperCase(Locale.ROOT).lastIndexOf(" VALUES (");
        if (v < 0 || sql.indexOf(')', v) != sql.length() - 1 || sql.indexOf(';') >= 0) {
            return -1;
        }
        return v + " VALUES ".length();
    }
}
