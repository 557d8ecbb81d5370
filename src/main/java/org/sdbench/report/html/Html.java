package org.sdbench.report.html;

import java.util.List;
import java.util.Locale;

/** A small HTML writer: every text goes through {@link #esc}, so run names and SQL cannot break the page. */
public final class Html {
    private final StringBuilder b = new StringBuilder(64 * 1024);

    public static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder o = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> o.append("&lt;");
                case '>' -> o.append("&gt;");
                case '&' -> o.append("&amp;");
                case '"' -> o.append("&quot;");
                case '\'' -> o.append("&#39;");
                default -> o.append(c);
            }
        }
        return o.toString();
    }

    /** A number with thousands separators and fixed decimals, e.g. {@code 1,234.5}. */
    public static String num(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,." + decimals + "f", v) : "–";
    }

    public static String pct(double fraction) {
        return num(fraction * 100, 2) + " %";
    }

    public static String bytes(double v) {
        String[] units = {"B", "kB", "MB", "GB", "TB"};
        int u = 0;
        while (Math.abs(v) >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return num(v, u == 0 ? 0 : 1) + " " + units[u];
    }

    public Html raw(String s) {
        b.append(s);
        return this;
    }

    public Html text(String s) {
        b.append(esc(s));
        return this;
    }

    public Html tag(String name, String cls, String text) {
        b.append('<').append(name);
        if (cls != null) {
            b.append(" class=\"").append(cls).append('"');
        }
        b.append('>').append(esc(text)).append("</").append(name).append(">\n");
        return this;
    }

    public Html section(String id, String title) {
        b.append("<section id=\"")
                .append(id)
                .append("\"><h2>")
                .append(esc(title))
                .append("</h2>\n");
        return this;
    }

    public Html end() {
        b.append("</section>\n");
        return this;
    }

    /** A chart placeholder that charts.js fills: {@code id} names the chart spec in the page's data. */
    public Html chart(String id, String title) {
        b.append("<figure class=\"chart\"><figcaption>")
                .append(esc(title))
                .append("</figcaption><div class=\"box\">")
                .append("<canvas id=\"")
                .append(id)
                .append("\"></canvas></div></figure>\n");
        return this;
    }

    /** A table; columns from {@code numericFrom} on are right-aligned numbers. */
    public Html table(List<String> headers, List<List<String>> rows, int numericFrom) {
        b.append("<table><thead><tr>");
        for (int i = 0; i < headers.size(); i++) {
            b.append(i >= numericFrom ? "<th class=\"n\">" : "<th>")
                    .append(esc(headers.get(i)))
                    .append("</th>");
        }
        b.append("</tr></thead><tbody>\n");
        for (List<String> r : rows) {
            b.append("<tr>");
            for (int i = 0; i < r.size(); i++) {
                b.append(i >= numericFrom ? "<td class=\"n\">" : "<td>")
                        .append(esc(r.get(i)))
                        .append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table>\n");
        return this;
    }

    /** Two-column key/value table. */
    public Html facts(List<List<String>> rows) {
        b.append("<table class=\"facts\"><tbody>\n");
        for (List<String> r : rows) {
            b.append("<tr><th>")
                    .append(esc(r.get(0)))
                    .append("</th><td>")
                    .append(esc(r.get(1)))
                    .append("</td></tr>\n");
        }
        b.append("</tbody></table>\n");
        return this;
    }

    public Html list(String cls, List<String> items) {
        b.append("<ul class=\"").append(cls).append("\">\n");
        items.forEach(i -> b.append("<li>").append(esc(i)).append("</li>\n"));
        b.append("</ul>\n");
        return this;
    }

    @Override
    public String toString() {
        return b.toString();
    }
}
