package org.sdbench.database.ddl;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A column's type in the dialect-neutral schema: one of the few types SAP's dictionary types map
 * to (CHAR/NUMC as varchar, CURR/QUAN/DEC as decimal, INT4, DATS, TIMS, RAW payloads as blob).
 */
public record ColumnType(Kind kind, int length, int scale) {
    public enum Kind {
        VARCHAR,
        CHAR,
        DECIMAL,
        INTEGER,
        BIGINT,
        DATE,
        TIME,
        TIMESTAMP,
        BLOB
    }

    private static final Pattern SPEC = Pattern.compile("([a-z][a-z0-9]*)(?:\\((\\d+)(?:,(\\d+))?\\))?");

    public ColumnType {
        boolean sized = kind == Kind.VARCHAR || kind == Kind.CHAR || kind == Kind.DECIMAL;
        if (sized ? length < 1 : length != 0 || scale != 0) {
            throw new IllegalArgumentException(kind.name().toLowerCase(Locale.ROOT)
                    + (sized ? " needs a length >= 1" : " takes no length") + ", got (" + length + "," + scale + ")");
        }
        if (scale < 0 || scale > length || scale != 0 && kind != Kind.DECIMAL) {
            throw new IllegalArgumentException("scale " + scale + " is not allowed for " + kind + "(" + length + ")");
        }
    }

    /** Parses the neutral spelling: {@code varchar(10)}, {@code char(1)}, {@code decimal(15,3)}, {@code integer}, ... */
    public static ColumnType parse(String spec) {
        Matcher m = SPEC.matcher(spec);
        Kind kind = null;
        if (m.matches()) {
            try {
                kind = Kind.valueOf(m.group(1).toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                kind = null;
            }
        }
        if (kind == null) {
            throw new IllegalArgumentException("type '" + spec + "' is not one of varchar(n), char(n), decimal(p,s),"
                    + " integer, bigint, date, time, timestamp, blob");
        }
        return new ColumnType(
                kind,
                m.group(2) == null ? 0 : Integer.parseInt(m.group(2)),
                m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
    }

    /** The neutral spelling, as the schema files write it. */
    @Override
    public String toString() {
        String name = kind.name().toLowerCase(Locale.ROOT);
        return switch (kind) {
            case VARCHAR, CHAR -> name + "(" + length + ")";
            case DECIMAL -> name + "(" + length + "," + scale + ")";
            default -> name;
        };
    }
}
