package org.sdbench.database.ddl;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One column of the neutral schema. Columns are NOT NULL unless marked {@code null} (SAP's tables
 * have no nullable fields; the few exceptions are sdbench's own). {@code defaultValue} is a SQL
 * literal ({@code ' '}, {@code '000'}, {@code 0}) or {@code current_date}; null for none.
 */
public record Column(String name, ColumnType type, boolean nullable, boolean identity, String defaultValue) {
    /** {@code name type [null] [identity] [default literal]}. */
    private static final Pattern SPEC = Pattern.compile(
            "([a-z][a-z0-9_]*)\\s+([a-z][a-z0-9]*(?:\\(\\d+(?:,\\d+)?\\))?)(\\s+null)?(\\s+identity)?(?:\\s+default\\s+(.+?))?\\s*");

    private static final Pattern LITERAL = Pattern.compile("'[^']*'|-?\\d+(\\.\\d+)?|current_date");

    public Column {
        if (defaultValue != null && !LITERAL.matcher(defaultValue).matches()) {
            throw new IllegalArgumentException("column " + name + ": default " + defaultValue
                    + " is not a quoted string, a number or current_date");
        }
        if (identity
                && (type.kind() != ColumnType.Kind.BIGINT && type.kind() != ColumnType.Kind.INTEGER
                        || nullable
                        || defaultValue != null)) {
            throw new IllegalArgumentException(
                    "column " + name + ": identity needs a NOT NULL integer or bigint without default");
        }
    }

    public static Column parse(String spec) {
        Matcher m = SPEC.matcher(spec);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "column '" + spec + "' is not 'name type [null] [identity] [default literal]'" + " in lower case");
        }
        return new Column(m.group(1), ColumnType.parse(m.group(2)), m.group(3) != null, m.group(4) != null, m.group(5));
    }

    public boolean hasDefault() {
        return defaultValue != null;
    }
}
