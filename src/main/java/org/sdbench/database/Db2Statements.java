package org.sdbench.database;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sdbench.database.ddl.DdlDialect;
import org.sdbench.database.ddl.Schema;
import org.sdbench.database.ddl.Table;

/**
 * The DB2 form of a statement the application writes once for every DBMS:
 * <ul>
 * <li>a parameter marker or NULL that is a whole item of the select list of {@code INSERT INTO t (c, ...)
 * SELECT ...} is cast to its target column's type, from the schema: DB2 cannot type a marker there
 * (SQL0418N), PostgreSQL takes the target column's;</li>
 * <li>{@code FOR UPDATE} keeps its update lock until commit ({@code WITH RS USE AND KEEP UPDATE LOCKS}):
 * under DB2's default cursor stability the lock goes when the cursor closes, and a claim such as the
 * update task's on a VBHDR row would no longer exclude a second claimant.</li>
 * <li>{@code FOR SHARE} becomes read stability ({@code WITH RS}), which keeps the share locks of the
 * rows read until commit: a save's check of its instance's lease must hold until the save commits.</li>
 * </ul>
 */
final class Db2Statements {
    private static final Pattern INSERT_SELECT =
            Pattern.compile("(?is)^(\\s*INSERT\\s+INTO\\s+(\\w+)\\s*\\(([^)]*)\\)\\s*SELECT\\s+)(.*?)(\\s+FROM\\s.*)$");
    private static final Pattern FOR_UPDATE = Pattern.compile("(?i)\\bFOR\\s+UPDATE\\s*$");
    static final String KEEP_UPDATE_LOCKS = " WITH RS USE AND KEEP UPDATE LOCKS";
    private static final Pattern FOR_SHARE = Pattern.compile("(?i)\\s+FOR\\s+SHARE\\s*$");
    static final String KEEP_SHARE_LOCKS = " WITH RS";

    private Db2Statements() {}

    static String translate(String sql, Schema schema, DdlDialect dialect) {
        String out = castInsertSelect(sql, schema, dialect);
        Matcher f = FOR_UPDATE.matcher(out);
        if (f.find()) {
            return out.stripTrailing() + KEEP_UPDATE_LOCKS;
        }
        Matcher sh = FOR_SHARE.matcher(out);
        return sh.find() ? out.substring(0, sh.start()) + KEEP_SHARE_LOCKS : out;
    }

    private static String castInsertSelect(String sql, Schema schema, DdlDialect dialect) {
        Matcher m = INSERT_SELECT.matcher(sql);
        if (!m.matches() || !schema.hasTable(m.group(2).toLowerCase(Locale.ROOT))) {
            return sql;
        }
        Table table = schema.table(m.group(2).toLowerCase(Locale.ROOT));
        String[] columns = m.group(3).split(",");
        List<String> items = topLevelItems(m.group(4));
        if (items.size() != columns.length) {
            throw new IllegalArgumentException("INSERT INTO " + table.name() + " names " + columns.length
                    + " columns but selects " + items.size() + " values: " + sql);
        }
        List<String> typed = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i).strip();
            if (item.equals("?") || item.equalsIgnoreCase("NULL")) {
                String column = columns[i].strip().toLowerCase(Locale.ROOT);
                typed.add("CAST(" + item + " AS "
                        + dialect.typeName(table.column(column).type()) + ")");
            } else {
                typed.add(item);
            }
        }
        return m.group(1) + String.join(", ", typed) + m.group(5);
    }

    /** The comma-separated items of a select list, commas inside parentheses or quotes not counting. */
    static List<String> topLevelItems(String list) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && c == '(') {
                depth++;
            } else if (!quoted && c == ')') {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                out.add(list.substring(start, i));
                start = i + 1;
            }
        }
        out.add(list.substring(start));
        return out;
    }
}
