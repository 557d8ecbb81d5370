package org.sdbench.database;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rules a DB2 LUW statement must follow that can be checked without a DB2 server: no PostgreSQL-only
 * syntax, no untyped parameter marker or NULL where DB2 cannot infer a type (SQL0418N), locking reads
 * that keep their lock until commit, identifiers within DB2's 128 bytes, and in DDL only DB2 types
 * within their limits, key columns NOT NULL and rows that fit a 32 KB page.
 */
final class Db2SqlRules {
    /** DB2's longest row (bytes) per page size, for CREATE TABLE into a tablespace of that page size. */
    static final int MAX_ROW_4K = 4005;

    static final int MAX_ROW_32K = 32677;

    private static final List<Pattern> POSTGRESQL_ONLY = List.of(
            Pattern.compile("::"),
            Pattern.compile("(?i)\\bON\\s+CONFLICT\\b"),
            Pattern.compile("(?i)\\bRETURNING\\b"),
            Pattern.compile("(?i)\\bLIMIT\\s+(\\d|\\?)"),
            Pattern.compile("(?i)\\bOFFSET\\s+(\\d|\\?)"),
            Pattern.compile("(?i)\\bI?LIKE\\s+E'"),
            Pattern.compile("(?i)\\bILIKE\\b"),
            Pattern.compile("(?i)\\bIF\\s+(NOT\\s+)?EXISTS\\b"),
            Pattern.compile("(?i)\\bgenerate_series\\b"),
            Pattern.compile("(?i)\\b(BYTEA|TEXT|SERIAL|BIGSERIAL|BOOLEAN|NUMERIC|JSONB?)\\b"),
            Pattern.compile("(?i)\\bCASCADE\\b"),
            Pattern.compile("(?i)\\bTABLESPACE\\s+\\w"),
            Pattern.compile("(?i)\\bFOR\\s+(NO\\s+KEY\\s+UPDATE|SHARE|KEY\\s+SHARE)\\b"),
            Pattern.compile("(?i)\\bSKIP\\s+LOCKED\\b"),
            Pattern.compile("\\$\\d"),
            Pattern.compile("(?i)\\bNOW\\s*\\("),
            Pattern.compile("(?i)\\bDISTINCT\\s+ON\\b"),
            Pattern.compile("(?i)\\bEXCLUDED\\."),
            Pattern.compile("(?i)\\b(TRUE|FALSE)\\b"),
            Pattern.compile("(?i)\\bpg_\\w+"),
            Pattern.compile("(?i)\\bstring_agg\\b"),
            Pattern.compile("(?i)\\bGENERATED\\s+ALWAYS\\s+AS\\s+IDENTITY\\s+PRIMARY\\b"));
    private static final List<Pattern> UNTYPED = List.of(
            Pattern.compile("(?i)\\?\\s+IS\\s+(NOT\\s+)?NULL"),
            Pattern.compile("(?i)\\bCOALESCE\\s*\\(\\s*\\?"),
            Pattern.compile("(?i)\\bCASE\\s+WHEN\\s+\\?"),
            Pattern.compile("\\?\\s*[-+*/|]\\s*\\?"),
            Pattern.compile("(?i)\\bCASE\\s+\\?"));
    private static final Pattern FOR_UPDATE = Pattern.compile("(?i)\\bFOR\\s+UPDATE\\b(?!\\s+OF\\b)");
    private static final Pattern KEEP_LOCKS =
            Pattern.compile("(?i)\\bFOR\\s+UPDATE\\s+WITH\\s+RS\\s+USE\\s+AND\\s+KEEP\\s+UPDATE\\s+LOCKS\\s*$");
    private static final Pattern IDENTIFIER = Pattern.compile("\\b[A-Za-z_][A-Za-z0-9_]*\\b");
    private static final Pattern CREATE_TABLE =
            Pattern.compile("(?is)^CREATE\\s+TABLE\\s+(\\w+)\\s*\\((.*)\\)(\\s+IN\\s+\\w+\\s+INDEX\\s+IN\\s+\\w+)?$");
    private static final Pattern COLUMN = Pattern.compile(
            "(?i)^(\\w+)\\s+(VARCHAR|CHAR|DECIMAL|INTEGER|BIGINT|SMALLINT|DATE|TIME|TIMESTAMP|BLOB)(?:\\((\\d+)(?:,(\\d+))?(M|K)?\\))?(.*)$");
    private static final Pattern PRIMARY_KEY =
            Pattern.compile("(?i)^CONSTRAINT\\s+\\w+\\s+PRIMARY\\s+KEY\\s*\\(([^)]*)\\)$");

    private Db2SqlRules() {}

    /** What is wrong with {@code sql} for DB2; empty when nothing the rules know of. */
    static List<String> violations(String sql) {
        List<String> out = new ArrayList<>();
        String code = withoutStrings(sql);
        for (Pattern p : POSTGRESQL_ONLY) {
            Matcher m = p.matcher(code);
            if (m.find()) {
                out.add("PostgreSQL-only syntax '" + m.group() + "'");
            }
        }
        for (Pattern p : UNTYPED) {
            Matcher m = p.matcher(code);
            if (m.find()) {
                out.add("untyped parameter marker in '" + m.group() + "' (SQL0418N)");
            }
        }
        for (String item : selectListItems(code)) {
            String i = item.strip().replaceAll("^\\(+|\\)+$", "");
            if (i.equals("?") || i.equalsIgnoreCase("NULL")) {
                out.add("untyped " + i + " in a select list (SQL0418N)");
            }
        }
        if (FOR_UPDATE.matcher(code).find() && !KEEP_LOCKS.matcher(code).find()) {
            out.add(
                    "FOR UPDATE without WITH RS USE AND KEEP UPDATE LOCKS: under cursor stability the lock goes at cursor close");
        }
        Matcher id = IDENTIFIER.matcher(code);
        while (id.find()) {
            if (id.group().length() > 128) {
                out.add("identifier longer than 128 bytes: " + id.group());
            }
        }
        Matcher t = CREATE_TABLE.matcher(sql.strip());
        if (t.matches()) {
            out.addAll(tableViolations(t.group(1), t.group(2)));
        } else if (sql.strip().toUpperCase(Locale.ROOT).startsWith("CREATE TABLE")) {
            out.add("CREATE TABLE the rules cannot read");
        }
        return out;
    }

    /** The row width DB2 counts for a CREATE TABLE (bytes, its "byte counts" of each column); -1 when unreadable. */
    static int rowWidth(String createTable) {
        Matcher t = CREATE_TABLE.matcher(createTable.strip());
        if (!t.matches()) {
            return -1;
        }
        int width = 0;
        for (String def : Db2Statements.topLevelItems(t.group(2))) {
            Matcher c = COLUMN.matcher(def.strip());
            if (c.matches()) {
                width += bytes(
                        c.group(2).toUpperCase(Locale.ROOT),
                        c.group(3) == null ? 0 : Integer.parseInt(c.group(3)),
                        !c.group(6).toUpperCase(Locale.ROOT).contains("NOT NULL"));
            }
        }
        return width;
    }

    private static int bytes(String type, int n, boolean nullable) {
        int b = switch (type) {
            case "VARCHAR" -> n + 4;
            case "CHAR" -> n;
            case "DECIMAL" -> n / 2 + 1;
            case "SMALLINT" -> 2;
            case "INTEGER", "DATE" -> 4;
            case "BIGINT" -> 8;
            case "TIME" -> 3;
            case "TIMESTAMP" -> 10;
            case "BLOB" -> 316;
            default -> throw new IllegalArgumentException(type);
        };
        return b + (nullable ? 1 : 0);
    }

    private static List<String> tableViolations(String table, String body) {
        List<String> out = new ArrayList<>();
        List<String> notNull = new ArrayList<>();
        List<String> key = List.of();
        for (String def : Db2Statements.topLevelItems(body)) {
            String d = def.strip();
            Matcher k = PRIMARY_KEY.matcher(d);
            if (k.matches()) {
                key = List.of(k.group(1).toLowerCase(Locale.ROOT).split("\\s*,\\s*"));
                continue;
            }
            if (d.toUpperCase(Locale.ROOT).startsWith("CONSTRAINT ")) {
                continue;
            }
            Matcher c = COLUMN.matcher(d);
            if (!c.matches()) {
                out.add(table + ": column type is not a DB2 type: " + d);
                continue;
            }
            String type = c.group(2).toUpperCase(Locale.ROOT);
            int n = c.group(3) == null ? 0 : Integer.parseInt(c.group(3));
            int s = c.group(4) == null ? 0 : Integer.parseInt(c.group(4));
            boolean ok = switch (type) {
                case "VARCHAR" -> n >= 1 && n <= 32672;
                case "CHAR" -> n >= 1 && n <= 254;
                case "DECIMAL" -> n >= 1 && n <= 31 && s <= n;
                case "BLOB" -> c.group(5) != null && (c.group(5).equalsIgnoreCase("M") ? n <= 2048 : n <= 2_097_152);
                default -> c.group(3) == null;
            };
            if (!ok) {
                out.add(table + ": " + d + " is beyond DB2's limits for " + type);
            }
            String tail = c.group(6).toUpperCase(Locale.ROOT);
            if (tail.contains("DEFAULT")
                    && !tail.matches(".*\\bWITH DEFAULT\\s+('[^']*'|-?\\d+(\\.\\d+)?|CURRENT DATE)\\s*$")) {
                out.add(table + ": default not in DB2's form: " + d);
            }
            if (tail.contains("NOT NULL")) {
                notNull.add(c.group(1).toLowerCase(Locale.ROOT));
            }
        }
        for (String k : key) {
            if (!notNull.contains(k)) {
                out.add(table + ": key column " + k + " must be NOT NULL (SQL0542N)");
            }
        }
        int width = rowWidth("CREATE TABLE " + table + " (" + body + ")");
        if (width > MAX_ROW_32K) {
            out.add(table + ": row of " + width + " bytes exceeds DB2's 32 KB page (" + MAX_ROW_32K + ")");
        }
        return out;
    }

    /** The items of every select list in {@code sql} (top level and subqueries). */
    private static List<String> selectListItems(String sql) {
        List<String> items = new ArrayList<>();
        Matcher m = Pattern.compile("(?i)\\bSELECT\\s+(DISTINCT\\s+)?").matcher(sql);
        while (m.find()) {
            int depth = 0;
            int end = sql.length();
            for (int i = m.end(); i < sql.length(); i++) {
                char c = sql.charAt(i);
                if (c == '(') {
                    depth++;
                } else if (c == ')') {
                    if (depth == 0) {
                        end = i;
                        break;
                    }
                    depth--;
                } else if (depth == 0 && sql.regionMatches(true, i, " FROM ", 0, 6)) {
                    end = i;
                    break;
                }
            }
            items.addAll(Db2Statements.topLevelItems(sql.substring(m.end(), end)));
        }
        return items;
    }

    private static String withoutStrings(String sql) {
        return sql.replaceAll("'[^']*'", "''");
    }
}
