package org.sdbench.db;

import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL text of a prepared statement with its parameters inlined, for replaying a recorded
 * run through a client that sends plain SQL (pgbench). Each literal carries the type pgjdbc
 * declares for the setter (varchar for strings, int8 for longs, numeric, bytea), so the server
 * resolves operators and indexes as it did for the recorded run; timestamps and dates stay
 * untyped, as pgjdbc sends them.
 */
public final class SqlLiterals {
    /** A single-row INSERT … VALUES (…) that pgjdbc's reWriteBatchedInserts turns into one multi-row INSERT. */
    private static final Pattern SINGLE_ROW_INSERT =
            Pattern.compile("(?is)^(\\s*insert\\s+into\\s+[^()]+(?:\\([^()]*\\))?\\s*values\\s*)(\\([^;]*\\))\\s*$");

    private SqlLiterals() {
    }

    /**
     * {@code sql} with its {@code ?} placeholders (outside quotes) replaced by the literals of
     * {@code params}. The semicolons between the statements of a multi-statement text (pgjdbc sends
     * them in one round trip) become pgbench's {@code \;}, which keeps them in one request too.
     */
    public static String inline(String sql, Object[] params) {
        StringBuilder out = new StringBuilder(sql.length() + 16 * params.length);
        int next = 0;
        char quote = 0;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                out.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                out.append(c);
            } else if (c == '?') {
                if (next >= params.length) {
                    throw new IllegalArgumentException("statement has more placeholders than the " + params.length
                            + " parameters bound: " + sql);
                }
                out.append(literal(params[next++]));
            } else if (c == ';') {
                out.append(" \\;");
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * The statements of one JDBC batch as the text of one round trip: a single multi-row INSERT
     * where pgjdbc rewrites the batch into one, else the statements joined by pgbench's {@code \;}.
     */
    public static String batch(String sql, List<Object[]> rows) {
        Matcher m = SINGLE_ROW_INSERT.matcher(sql);
        StringBuilder out = new StringBuilder();
        if (m.matches() && !m.group(2).toLowerCase(java.util.Locale.ROOT).contains(" returning ")) {
            out.append(m.group(1));
            for (int i = 0; i < rows.size(); i++) {
                out.append(i == 0 ? "" : ", ").append(inline(m.group(2), rows.get(i)));
            }
            return out.toString();
        }
        for (int i = 0; i < rows.size(); i++) {
            out.append(i == 0 ? "" : " \\; ").append(inline(sql, rows.get(i)));
        }
        return out.toString();
    }

    static String literal(Object p) {
        return switch (p) {
            case null -> "NULL";
            case String s -> quote(s) + "::varchar";
            case Integer n -> n.toString();
            case Short n -> n.toString();
            case Long n -> n + "::int8";
            case BigDecimal d -> d.toPlainString() + "::numeric";
            case Double d -> d + "::float8";
            case Float f -> f + "::float4";
            case Boolean b -> b ? "TRUE" : "FALSE";
            case byte[] b -> "'\\x" + HexFormat.of().formatHex(b) + "'::bytea";
            default -> quote(p.toString());
        };
    }

    private static String quote(String s) {
        // standard_conforming_strings is on (PostgreSQL's default since 9.1): only quotes need doubling.
        return "'" + s.replace("'", "''") + "'";
    }
}
