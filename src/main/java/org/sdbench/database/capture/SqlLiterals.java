package org.sdbench.database.capture;

import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL text of a JDBC statement for a client that sends plain SQL (pgbench): cut into the
 * statements pgjdbc sends separately, with the parameters pgjdbc bound either inlined as
 * literals or kept as {@code $n} placeholders of a prepared statement. Each parameter carries the
 * type pgjdbc declared for it (varchar for strings, int8 for longs, numeric, bytea; "unknown" for
 * timestamps, dates and untyped NULLs, which pgjdbc leaves to the server to infer), so the server
 * resolves operators and indexes as it did for the recorded run.
 */
public final class SqlLiterals {
    /** A single-row INSERT … VALUES (…) that pgjdbc's reWriteBatchedInserts turns into multi-row INSERTs. */
    private static final Pattern SINGLE_ROW_INSERT =
            Pattern.compile("(?is)^(\\s*insert\\s+into\\s+[^()]+(?:\\([^()]*\\))?\\s*values\\s*)(\\([^;]*\\))\\s*$");
    /** pgjdbc's ceiling on the rows of one rewritten INSERT (BatchedQuery.MAX_VALUE_BLOCK). */
    private static final int MAX_VALUE_BLOCK = 1 << 15;
    /** Parameters of one Bind message: a 16-bit count. */
    private static final int MAX_PARAMETERS = 65_535;
    /** The type of a parameter pgjdbc sent as unspecified: the server infers it, as PREPARE does for "unknown". */
    public static final String UNKNOWN = "unknown";

    /** A bound parameter and the PostgreSQL type pgjdbc declared for it ({@link #UNKNOWN}: unspecified). */
    public record Param(Object value, String type) {
        /** {@code value} as DbSession binds it (setString, setLong, …, setObject(null)). */
        public static Param of(Object value) {
            return new Param(value, typeOf(value));
        }
    }

    /** One statement pgjdbc sends on its own (its own Parse, or its own named statement): JDBC text and parameters. */
    public record Execution(String sql, List<Param> params) {}

    private SqlLiterals() {}

    /**
     * The statements of a JDBC text as pgjdbc cuts it (at semicolons outside quotes and comments),
     * each with its share of {@code params} in order. pgjdbc numbers each statement's placeholders
     * from $1 and prepares each on its own, though all travel in one round trip.
     */
    public static List<Execution> executions(String sql, List<Param> params) {
        List<Execution> out = new ArrayList<>();
        int next = 0;
        for (String statement : split(sql)) {
            int n = placeholders(statement);
            if (next + n > params.size()) {
                throw new IllegalArgumentException(
                        "statement has more placeholders than the " + params.size() + " parameters bound: " + sql);
            }
            out.add(new Execution(statement, List.copyOf(params.subList(next, next + n))));
            next += n;
        }
        return out;
    }

    /**
     * The statements of one JDBC batch as pgjdbc sends them in one round trip: a single-row INSERT
     * rewritten into multi-row INSERTs of power-of-two row counts (pgjdbc's reWriteBatchedInserts,
     * which keeps the number of distinct statements small: 7 rows go as 4 + 2 + 1), any other
     * statement once per row.
     */
    public static List<Execution> batch(String sql, List<List<Param>> rows) {
        Matcher m = SINGLE_ROW_INSERT.matcher(sql);
        if (rows.size() == 1
                || !m.matches()
                || m.group(2).toLowerCase(Locale.ROOT).contains(" returning ")) {
            List<Execution> out = new ArrayList<>();
            for (List<Param> row : rows) {
                out.addAll(executions(sql, row));
            }
            return out;
        }
        String head = m.group(1);
        String tuple = m.group(2);
        int binds = placeholders(tuple);
        int maxBlock = Integer.highestOneBit(
                binds == 0 ? 1024 : Math.max(1, Math.min(MAX_PARAMETERS / binds, MAX_VALUE_BLOCK)));
        List<Execution> out = new ArrayList<>();
        int from = 0;
        while (from < rows.size()) {
            int left = rows.size() - from;
            int block = left >= maxBlock ? maxBlock : Integer.highestOneBit(left);
            StringBuilder text = new StringBuilder(head.length() + block * (tuple.length() + 2)).append(head);
            List<Param> params = new ArrayList<>(block * binds);
            for (int i = 0; i < block; i++) {
                // pgjdbc's BatchedQuery joins the rows with a bare comma: the same text as the run's.
                text.append(i == 0 ? "" : ",").append(tuple);
                params.addAll(rows.get(from + i));
            }
            out.addAll(executions(text.toString(), params));
            from += block;
        }
        return out;
    }

    /** {@code sql}'s {@code ?} placeholders replaced by the literals of {@code params}. */
    public static String inline(String sql, List<Param> params) {
        StringBuilder out = new StringBuilder(sql.length() + 16 * params.size());
        int[] next = {0};
        scan(sql, (c, code) -> {
            if (code && c == '?') {
                if (next[0] >= params.size()) {
                    throw new IllegalArgumentException(
                            "statement has more placeholders than the " + params.size() + " parameters bound: " + sql);
                }
                out.append(literal(params.get(next[0]++)));
            } else {
                out.append(c);
            }
        });
        return out.toString();
    }

    /** {@code sql} with its {@code ?} placeholders numbered $1..$n, as pgjdbc sends it to be prepared. */
    public static String numbered(String sql) {
        StringBuilder out = new StringBuilder(sql.length() + 16);
        int[] next = {0};
        scan(sql, (c, code) -> {
            if (code && c == '?') {
                out.append('$').append(++next[0]);
            } else {
                out.append(c);
            }
        });
        return out.toString();
    }

    /** A literal of the parameter's value with the type pgjdbc declared ({@code 'x'::varchar}, {@code 7::int8}). */
    public static String literal(Param p) {
        Object v = p.value();
        String type = p.type();
        if (v == null) {
            return type.equals(UNKNOWN) ? "NULL" : "NULL::" + type;
        }
        String text = switch (v) {
            case Boolean b -> b ? "TRUE" : "FALSE";
            case Integer n -> n.toString();
            case Short n -> n.toString();
            case Long n -> n.toString();
            case BigDecimal d -> d.toPlainString();
            case Double d when Double.isFinite(d) -> d.toString();
            case Float f when Float.isFinite(f) -> f.toString();
            default -> text(p);
        };
        // An integer literal is int4 and TRUE/FALSE bool already; the cast would change nothing.
        boolean typed = !type.equals(UNKNOWN)
                && !(type.equals("int4") && v instanceof Integer)
                && !(type.equals("bool") && v instanceof Boolean);
        return typed ? text + "::" + type : text;
    }

    /**
     * The parameter as an argument of EXECUTE: NULL, or its text form quoted, which the server
     * converts with the declared type's input function, as it converts the text pgjdbc binds.
     */
    public static String text(Param p) {
        Object v = p.value();
        return switch (v) {
            case null -> "NULL";
            case byte[] b -> "'\\x" + HexFormat.of().formatHex(b) + "'";
            case BigDecimal d -> quote(d.toPlainString());
            case Boolean b -> b ? "'t'" : "'f'";
            default -> quote(v.toString());
        };
    }

    /** The type pgjdbc declares for {@code value} bound by DbSession's setters or setObject. */
    static String typeOf(Object value) {
        return switch (value) {
            case null -> UNKNOWN;
            case String s -> "varchar";
            case Character c -> "varchar";
            case Integer n -> "int4";
            case Short n -> "int2";
            case Byte n -> "int2";
            case Long n -> "int8";
            case BigDecimal d -> "numeric";
            case Double d -> "float8";
            case Float f -> "float4";
            case Boolean b -> "bool";
            case byte[] b -> "bytea";
            case UUID u -> "uuid";
            case LocalDate d -> "date";
            case LocalTime t -> "time";
            case LocalDateTime t -> "timestamp";
            case OffsetDateTime t -> "timestamptz";
            // Timestamps, dates and times go unspecified: pgjdbc cannot tell timestamp from timestamptz.
            default -> UNKNOWN;
        };
    }

    /** The type pgjdbc declares for setNull(index, sqlType) with its default stringtype=varchar. */
    static String typeOfSqlType(int sqlType) {
        return switch (sqlType) {
            case Types.SQLXML -> "xml";
            case Types.INTEGER -> "int4";
            case Types.TINYINT, Types.SMALLINT -> "int2";
            case Types.BIGINT -> "int8";
            case Types.REAL -> "float4";
            case Types.DOUBLE, Types.FLOAT -> "float8";
            case Types.DECIMAL, Types.NUMERIC -> "numeric";
            case Types.CHAR -> "bpchar";
            case Types.VARCHAR, Types.LONGVARCHAR -> "varchar";
            case Types.DATE -> "date";
            case Types.BOOLEAN, Types.BIT -> "bool";
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY -> "bytea";
            case Types.BLOB, Types.CLOB -> "oid";
            default -> UNKNOWN;
        };
    }

    /** The statements of a JDBC text, cut at semicolons outside quotes and comments, trimmed, blank ones dropped. */
    static List<String> split(String sql) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder(sql.length());
        scan(sql, (c, code) -> {
            if (code && c == ';') {
                add(out, current);
                current.setLength(0);
            } else {
                current.append(c);
            }
        });
        add(out, current);
        return out;
    }

    private static void add(List<String> out, StringBuilder statement) {
        String s = statement.toString().strip();
        if (!s.isEmpty()) {
            out.add(s);
        }
    }

    static int placeholders(String sql) {
        int[] n = {0};
        scan(sql, (c, code) -> {
            if (code && c == '?') {
                n[0]++;
            }
        });
        return n[0];
    }

    private interface CharSink {
        /** {@code code}: outside quoted strings, quoted identifiers and comments. */
        void accept(char c, boolean code);
    }

    private static void scan(String sql, CharSink sink) {
        char quote = 0;
        boolean lineComment = false;
        boolean blockComment = false;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            char next = i + 1 < sql.length() ? sql.charAt(i + 1) : 0;
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
                sink.accept(c, false);
            } else if (lineComment) {
                lineComment = c != '\n';
                sink.accept(c, false);
            } else if (blockComment) {
                if (c == '*' && next == '/') {
                    blockComment = false;
                    sink.accept(c, false);
                    sink.accept(next, false);
                    i++;
                } else {
                    sink.accept(c, false);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                sink.accept(c, false);
            } else if (c == '-' && next == '-') {
                lineComment = true;
                sink.accept(c, false);
            } else if (c == '/' && next == '*') {
                blockComment = true;
                sink.accept(c, false);
            } else {
                sink.accept(c, true);
            }
        }
    }

    private static String quote(String s) {
        // standard_conforming_strings is on (PostgreSQL's default since 9.1): only quotes need doubling.
        return "'" + s.replace("'", "''") + "'";
    }
}
