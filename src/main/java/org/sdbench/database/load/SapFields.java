package org.sdbench.database.load;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Time;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.sdbench.database.ddl.Column;
import org.sdbench.database.ddl.ColumnType;
import org.sdbench.database.ddl.Schema;

/**
 * The SAP fields of a loaded table that the loop does not set: every column of the DDL with a
 * default that is neither the client nor part of the primary key nor one of the loop's columns.
 * 'sdbench load' fills them with seeded values so that row widths, value distributions and hence
 * compression and I/O resemble an SAP system's rather than a table of initial values.
 *
 * <p>Each field gets a profile from a hash of its table and name, as SAP fields differ: some are
 * never used in an SD client (they keep the initial value), some rarely, some always; codes come
 * from a handful of values, references and texts from many. The value of one row is a function
 * of the row's seed only, so a load is reproducible and a dump equals a load.
 */
final class SapFields {
    private static final Map<String, SapFields> CACHE = new ConcurrentHashMap<>();
    private static final String[] WORDS = {
        "Walldorf",
        "delivery",
        "standard",
        "express",
        "pallet",
        "customer",
        "order",
        "packed",
        "carton",
        "spare",
        "parts",
        "service",
        "north",
        "south",
        "central",
        "warehouse",
        "invoice",
        "export",
        "domestic",
        "priority",
        "batch",
        "contract",
        "promotion",
        "retail",
        "wholesale",
        "returns",
        "quality",
        "steel",
        "plastic",
        "electronics",
        "assembly",
        "kit",
        "bulk",
        "office",
        "supply",
        "gmbh",
        "ltd",
        "branch"
    };
    private static final char[] ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

    private enum Kind {
        TEXT,
        DECIMAL,
        DATE,
        TIME,
        INTEGER
    }

    /** One field: how often it is set (out of 1024 rows), and the values it takes. */
    private record Field(
            String name,
            Kind kind,
            int fill,
            byte[][] copy,
            Object[] jdbc,
            int[] dayOffsets,
            byte[] initialCopy,
            Object initialJdbc) {}

    private final List<Field> fields;

    private SapFields(List<Field> fields) {
        this.fields = fields;
    }

    /** The fields of {@code table} beyond {@code loopColumns}, in DDL order (none for a table without SAP fields). */
    static SapFields of(String table, List<String> loopColumns) {
        return CACHE.computeIfAbsent(table, t -> parse(t, loopColumns));
    }

    List<String> columns() {
        return fields.stream().map(Field::name).toList();
    }

    /**
     * Writes one row's values of all fields. {@code date} is the document's (or the load's) date:
     * date fields fall around it, as SAP's dates cluster around a document's creation.
     */
    void fill(RowSink out, long rowSeed, LocalDate date) {
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            long r = mix(rowSeed + (i + 1) * 0x9E3779B97F4A7C15L);
            if ((int) (r & 1023) >= f.fill) {
                if (f.kind == Kind.DATE) {
                    out.date(date);
                } else {
                    out.encoded(f.initialCopy, f.initialJdbc);
                }
                continue;
            }
            // Low values more often than high ones (min of two draws): a few codes dominate, as in real data.
            int n = f.kind == Kind.DATE ? f.dayOffsets.length : f.copy.length;
            int a = (int) ((r >>> 10) & 0xFFFF) % n;
            int b = (int) ((r >>> 26) & 0xFFFF) % n;
            int v = Math.min(a, b);
            if (f.kind == Kind.DATE) {
                out.date(date.plusDays(f.dayOffsets[v]));
            } else {
                out.encoded(f.copy[v], f.jdbc[v]);
            }
        }
    }

    private static SapFields parse(String table, List<String> loopColumns) {
        List<Field> out = new ArrayList<>();
        for (Column c : Schema.standard().table(table).sapFields()) {
            if (!loopColumns.contains(c.name())) {
                out.add(field(table, c.name(), c.type()));
            }
        }
        return new SapFields(List.copyOf(out));
    }

    private static Field field(String table, String name, ColumnType type) {
        int length = type.length();
        int scale = type.scale();
        long h = mix(mix(table.hashCode()) ^ name.hashCode());
        // A quarter of the fields are unused in this client; the rest are set in 5 % .. all rows.
        int fill = switch ((int) (h & 15)) {
            case 0, 1, 2, 3 -> 0;
            case 4, 5, 6 -> 51;
            case 7, 8, 9 -> 358;
            case 10, 11, 12 -> 820;
            default -> 1024;
        };
        int[] cardinalities = {1, 3, 8, 40, 256};
        int k = cardinalities[(int) ((h >>> 8) % cardinalities.length)];
        List<byte[]> copy = new ArrayList<>();
        List<Object> jdbc = new ArrayList<>();
        int[] offsets = null;
        Kind kind;
        byte[] initialCopy;
        Object initialJdbc;
        switch (type.kind()) {
            case VARCHAR -> {
                kind = Kind.TEXT;
                boolean numc = name.matches(".*(nr|nummer|no|jahr|gjahr|posnr|zaehl|stunr)$") || (h >>> 20) % 4 == 0;
                int values = length == 1 ? Math.min(k, 4) : length <= 4 ? Math.min(k, 40) : k;
                for (int v = 0; v < values; v++) {
                    long r = mix(h + v);
                    String s = length == 1
                            ? (values == 1 ? "X" : String.valueOf((char) ('A' + v)))
                            : length > 20 ? text(r, length) : numc ? digits(r, length) : code(r, length);
                    copy.add(ascii(s));
                    jdbc.add(s);
                }
                String initial = numc && length > 1 ? "0".repeat(length) : " ";
                initialCopy = ascii(initial);
                initialJdbc = initial;
            }
            case DECIMAL -> {
                kind = Kind.DECIMAL;
                // Amounts and quantities: mostly small, a few large, never beyond the field's precision.
                long max = (long) Math.pow(10, Math.min(Math.min(length - scale, 7) + scale, 18)) - 1;
                for (int v = 0; v < 64; v++) {
                    double u = (mix(h + v) >>> 11) * 0x1.0p-53;
                    long unscaled = 1 + (long) (u * u * u * (max - 1));
                    BigDecimal d = BigDecimal.valueOf(unscaled, scale);
                    copy.add(ascii(d.toPlainString()));
                    jdbc.add(d);
                }
                initialCopy = ascii(BigDecimal.ZERO.setScale(scale).toPlainString());
                initialJdbc = BigDecimal.ZERO.setScale(scale);
            }
            case INTEGER -> {
                kind = Kind.INTEGER;
                for (int v = 0; v < k; v++) {
                    int i = (int) Math.floorMod(mix(h + v), 1000L);
                    copy.add(ascii(Integer.toString(i)));
                    jdbc.add(i);
                }
                initialCopy = ascii("0");
                initialJdbc = 0;
            }
            case TIME -> {
                kind = Kind.TIME;
                for (int v = 0; v < 256; v++) {
                    int s = (int) Math.floorMod(mix(h + v), 86_400L);
                    String t = String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
                    copy.add(ascii(t));
                    jdbc.add(Time.valueOf(t));
                }
                initialCopy = ascii("00:00:00");
                initialJdbc = Time.valueOf("00:00:00");
            }
            case DATE -> {
                kind = Kind.DATE;
                // Same day, next days (deliveries, billing), a month or a year on (validity, dunning).
                offsets = new int[] {0, 1, 2, 7, 14, 30, -1, -30, 90, 365};
                initialCopy = null;
                initialJdbc = null;
            }
            default -> throw new IllegalStateException("no SAP field type " + type + " for " + table + "." + name);
        }
        return new Field(
                name, kind, fill, copy.toArray(new byte[0][]), jdbc.toArray(), offsets, initialCopy, initialJdbc);
    }

    /** A code of full width in upper-case letters and digits (CHAR keys such as ZTERM, KDGRP). */
    private static String code(long r, int length) {
        char[] c = new char[length];
        for (int i = 0; i < length; i++) {
            c[i] = ALNUM[(int) Math.floorMod(r, (long) ALNUM.length)];
            r = mix(r + i);
        }
        return new String(c);
    }

    /** A NUMC value of full width. */
    private static String digits(long r, int length) {
        char[] c = new char[length];
        for (int i = 0; i < length; i++) {
            c[i] = (char) ('0' + Math.floorMod(r, 10L));
            r = mix(r + i);
        }
        return new String(c);
    }

    /** A text of 40-100 % of the field's width (names, streets, descriptions). */
    private static String text(long r, int length) {
        int target = Math.max(1, (int) (length * (0.4 + 0.6 * ((r >>> 40) & 0xFF) / 255.0)));
        StringBuilder b = new StringBuilder(target + 16);
        while (b.length() < target) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            r = mix(r);
            b.append(WORDS[(int) Math.floorMod(r, (long) WORDS.length)]);
        }
        return b.substring(0, target).strip();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
