package org.sdbench.database.capture;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/** A statement the capture's files EXECUTE: its name, PREPARE, and the parameters of its first executions. */
final class CapturedStatement {
    /** Digits of the name's hash: some 30 statements to tell apart, and a readable EXECUTE. */
    private static final int NAME_HEX_DIGITS = 12;

    /** Values longer than this (payloads) are cut in the warm-up: they fill columns and do not steer plans. */
    private static final int WARM_UP_VALUE_CHARS = 256;

    final int number;
    private final String name;
    final String prepare;
    private final List<List<SqlLiterals.Param>> samples = new ArrayList<>();

    /**
     * @param number order of first use in this process
     * @param types the parameter types pgjdbc declared, comma-separated (empty without parameters)
     * @param text the statement with numbered parameters
     */
    CapturedStatement(int number, String types, String text) {
        this.number = number;
        this.name = name(types, text);
        this.prepare = "PREPARE " + name + (types.isEmpty() ? "" : "(" + types + ")") + " AS " + text + ";";
    }

    /**
     * A name that follows from the statement alone, so that the captures of several processes
     * (the app servers of a three-tier run) name the same statement alike and can be replayed together.
     */
    static String name(String types, String text) {
        try {
            byte[] hash =
                    MessageDigest.getInstance("SHA-256").digest((types + "\n" + text).getBytes(StandardCharsets.UTF_8));
            return "s" + HexFormat.of().formatHex(hash).substring(0, NAME_HEX_DIGITS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    String name() {
        return name;
    }

    synchronized void sample(List<SqlLiterals.Param> params) {
        if (samples.size() < StatementCapture.WARM_UP_PLANS) {
            samples.add(params.stream().map(CapturedStatement::shortened).toList());
        }
    }

    synchronized String warmUp() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < StatementCapture.WARM_UP_PLANS; i++) {
            // A statement recorded fewer times than that plans with its recorded parameters again.
            out.append(i == 0 ? "" : " \\; ")
                    .append("EXPLAIN ")
                    .append(execute(name(), samples.get(i % samples.size())));
        }
        return out.append(';').toString();
    }

    private static SqlLiterals.Param shortened(SqlLiterals.Param p) {
        return switch (p.value()) {
            case String s
            when s.length() > WARM_UP_VALUE_CHARS ->
                new SqlLiterals.Param(s.substring(0, WARM_UP_VALUE_CHARS), p.type());
            case byte[] b
            when b.length > WARM_UP_VALUE_CHARS ->
                new SqlLiterals.Param(Arrays.copyOf(b, WARM_UP_VALUE_CHARS), p.type());
            case null, default -> p;
        };
    }

    /** {@code EXECUTE name(literal, ...)}: one execution of a prepared statement. */
    static String execute(String name, List<SqlLiterals.Param> params) {
        if (params.isEmpty()) {
            return "EXECUTE " + name;
        }
        StringBuilder out = new StringBuilder(name.length() + 16 + 12 * params.size())
                .append("EXECUTE ")
                .append(name);
        for (int i = 0; i < params.size(); i++) {
            out.append(i == 0 ? "(" : ", ").append(SqlLiterals.text(params.get(i)));
        }
        return out.append(')').toString();
    }
}
