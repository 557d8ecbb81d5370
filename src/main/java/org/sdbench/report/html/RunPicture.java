package org.sdbench.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sdbench.measure.environment.Environment;
import org.sdbench.protocol.Role;
import org.sdbench.report.RunReport;

/**
 * The run drawn as the docs draw the architecture: which process ran on which host with which pid,
 * the database, and each link between them with its emulation (a relay's delay, jitter and loss) or
 * none. An inline SVG built from result.json's figures, so the page stays self-contained.
 */
final class RunPicture {
    private static final Pattern DB_HOST = Pattern.compile("//\\[?([^/:\\]]+)");
    private static final String[] HOST_COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
    private static final int MAX_INSTANCES_DRAWN = 8;
    private static final int WIDTH = 1200;

    private RunPicture() {}

    private record Box(String title, List<String> lines, String host, boolean lost, int x, int y, int w, int h) {
        int midY() {
            return y + h / 2;
        }
    }

    static void render(Html h, RunReport r, Environment env) {
        h.section("picture", "Where the run ran: processes, hosts and links");
        h.raw("<div class=\"picture\" style=\"overflow-x:auto\">")
                .raw(svg(r, env))
                .raw("</div>\n");
        h.end();
    }

    static String svg(RunReport r, Environment env) {
        String localHost =
                env == null || env.host() == null ? "this host" : env.host().hostname();
        Map<String, RunReport.EmulatedHop> hops = new LinkedHashMap<>();
        if (r.network() != null) {
            r.network().emulated().forEach(e -> hops.put(e.hop(), e));
        }
        var t = r.threeTier();
        List<RunReport.Process> apps = new ArrayList<>();
        RunReport.Process driver = null;
        RunReport.Process central = null;
        if (t != null) {
            for (var p : t.processes()) {
                if (p.role().equals(Role.DRIVER)) {
                    driver = p;
                } else if (p.role().equals(Role.CENTRAL)) {
                    central = p;
                } else {
                    apps.add(p);
                }
            }
        }
        int drawn = t == null ? 1 : Math.max(1, Math.min(apps.size(), MAX_INSTANCES_DRAWN));
        int appTop = t == null ? 60 : 170;
        int appsBottom = appTop + drawn * 100 - 20;
        int height = t == null ? 250 : Math.max(appsBottom, 250) + 130;
        int middle = t == null ? 95 : (appTop + appsBottom) / 2;
        String dbHost = dbHost(r.database(), localHost);

        Map<String, String> colours = new LinkedHashMap<>();
        StringBuilder s = new StringBuilder(8192);
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(WIDTH)
                .append("\" height=\"")
                .append(height)
                .append("\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(height)
                .append("\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"13\" role=\"img\">")
                .append("<title>")
                .append(Html.esc("processes, hosts and links of run " + r.name()))
                .append("</title>")
                .append(
                        "<defs><marker id=\"pic-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
                                + "markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker></defs>");

        List<String> dbLines = new ArrayList<>(List.of("host " + dbHost));
        dbLines.addAll(wrap(r.database(), 36, 3));
        Box db = new Box("database", dbLines, dbHost, false, 930, middle - 60, 250, 120);
        List<String> edges = new ArrayList<>();
        List<Box> boxes = new ArrayList<>();
        if (t == null) {
            Box run = new Box(
                    "sdbench run",
                    List.of(
                            "host " + localHost + " · driver and app tier in one process (two-tier)",
                            r.appTier().instances() + " instance(s) × "
                                    + r.appTier().dialogWorkProcesses() + " dialog + "
                                    + r.appTier().updateWorkProcesses() + " update WPs",
                            "message + enqueue server in-process"),
                    localHost,
                    false,
                    30,
                    middle - 55,
                    420,
                    110);
            boxes.add(run);
            edge(
                    edges,
                    run.x() + run.w(),
                    run.midY(),
                    db.x(),
                    db.midY(),
                    "appToDb",
                    hops.get("appToDb"),
                    run.x() + run.w() + 40,
                    null);
        } else {
            Box d = process(driver, Role.DRIVER, localHost, 30, middle - 45, 230, 90, false);
            boxes.add(d);
            Box c = process(central, "central services", localHost, 420, 40, 280, 90, false);
            boxes.add(c);
            edge(edges, d.x() + 40, d.y(), c.x(), c.y() + 30, "driverToApp", hops.get("driverToApp"), 0, null);
            edges.add(text(d.x() + 150, (d.y() + c.y()) / 2 - 4, "logon", "font-size=\"12\" fill=\"#555\""));
            for (int i = 0; i < drawn && i < apps.size(); i++) {
                var p = apps.get(i);
                boolean lost = t.lostInstances() != null && t.lostInstances().contains(instance(p.role()));
                Box a = process(p, p.role(), localHost, 420, appTop + i * 100, 280, 80, lost);
                boxes.add(a);
                edge(
                        edges,
                        d.x() + d.w(),
                        d.midY(),
                        a.x(),
                        a.midY(),
                        "driverToApp",
                        hops.get("driverToApp"),
                        i == 0 ? d.x() + d.w() + 20 : 0,
                        i == 0 ? "dialog steps" : null);
                int lane = 720 + 12 * i;
                edges.add(path(a.x() + a.w(), a.y() + 20, lane, c.y() + c.h() - 10 - 4 * i, c.x() + c.w()));
                edge(
                        edges,
                        a.x() + a.w(),
                        a.y() + a.h() - 20,
                        db.x(),
                        db.midY(),
                        "appToDb",
                        hops.get("appToDb"),
                        i == 0 ? 815 : 0,
                        null);
            }
            if (apps.size() > drawn) {
                boxes.add(new Box(
                        "+ " + (apps.size() - drawn) + " more app servers",
                        List.of(),
                        "",
                        false,
                        420,
                        appTop + drawn * 100 - 15,
                        280,
                        0));
            }
            label(edges, 728, c.y() + c.h() + 22, "appToCentral", hops.get("appToCentral"));
        }
        boxes.add(db);
        boxes.forEach(b -> colours.computeIfAbsent(b.host(), k -> HOST_COLOURS[colours.size() % HOST_COLOURS.length]));
        edges.forEach(s::append);
        boxes.forEach(b -> box(s, b, colours.get(b.host())));
        List<String> links = new ArrayList<>();
        for (String hop : t == null ? List.of("appToDb") : List.of("driverToApp", "appToCentral", "appToDb")) {
            links.add(describe(hop, hops.get(hop)));
        }
        legend(s, colours, links, t != null, height - 60);
        return s.append("</svg>").toString();
    }

    private static Box process(
            RunReport.Process p, String fallbackTitle, String localHost, int x, int y, int w, int h, boolean lost) {
        if (p == null) {
            return new Box(fallbackTitle, List.of("not reported"), localHost, false, x, y, w, h);
        }
        List<String> lines = new ArrayList<>();
        lines.add("host " + p.host() + " · pid " + p.pid());
        lines.add("version " + p.version()
                + (p.cpuPercentOfHost() == null
                        ? ""
                        : " · CPU " + String.format(Locale.ROOT, "%.1f", p.cpuPercentOfHost()) + " % of host"));
        if (lost) {
            lines.add("LOST during the run");
        }
        return new Box(p.role(), lines, p.host(), lost, x, y, w, h);
    }

    private static int instance(String role) {
        String digits = role.replaceAll("\\D", "");
        return digits.isEmpty() ? -1 : Integer.parseInt(digits);
    }

    private static String dbHost(String database, String localHost) {
        if (database == null) {
            return localHost;
        }
        Matcher m = DB_HOST.matcher(database);
        if (!m.find()) {
            return localHost;
        }
        String host = m.group(1);
        return host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1") ? localHost : host;
    }

    private static void box(StringBuilder s, Box b, String colour) {
        if (b.h() == 0) {
            s.append(text(b.x() + 10, b.y(), b.title(), "fill=\"#555\""));
            return;
        }
        s.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"7\" fill=\"%s\" "
                        + "stroke=\"%s\" stroke-width=\"2.5\"%s/>",
                b.x(),
                b.y(),
                b.w(),
                b.h(),
                b.lost() ? "#fde2e2" : "#f7f9fc",
                colour,
                b.lost() ? " stroke-dasharray=\"6,4\"" : ""));
        s.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"8\" height=\"%d\" fill=\"%s\"/>",
                b.x(),
                b.y(),
                b.h(),
                colour));
        s.append(text(b.x() + 18, b.y() + 22, b.title(), "font-weight=\"bold\""));
        for (int i = 0; i < b.lines().size(); i++) {
            s.append(text(b.x() + 18, b.y() + 42 + 17 * i, b.lines().get(i), "font-size=\"12\" fill=\"#333\""));
        }
    }

    /** An arrow; with a label, its tag sits on the line from {@code labelX} on (0: no tag), {@code what} above it. */
    private static void edge(
            List<String> out,
            int x1,
            int y1,
            int x2,
            int y2,
            String hop,
            RunReport.EmulatedHop e,
            int labelX,
            String what) {
        out.add(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\" "
                        + "%smarker-end=\"url(#pic-arrow)\"/>",
                x1,
                y1,
                x2,
                y2,
                e == null ? "#333" : "#a06000",
                e == null ? "" : "stroke-dasharray=\"7,3\" "));
        if (labelX > 0) {
            int at = labelX + 45;
            int ly = y1 + (int) ((long) (y2 - y1) * (at - x1) / Math.max(1, x2 - x1)) - 8;
            label(out, labelX, ly, hop, e);
            if (what != null) {
                out.add(text(labelX, ly - 20, what, "font-size=\"12\" fill=\"#555\""));
            }
        }
    }

    private static String path(int x1, int y1, int lane, int y2, int x2) {
        return String.format(
                Locale.ROOT,
                "<path d=\"M%d,%d H%d V%d H%d\" fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\" "
                        + "marker-end=\"url(#pic-arrow)\"/>",
                x1,
                y1,
                lane,
                y2,
                x2 + 2);
    }

    /** A short tag on the edge; the link's full emulation is spelled out under the picture. */
    private static void label(List<String> out, int x, int y, String hop, RunReport.EmulatedHop e) {
        String tag = e == null ? hop : hop + " · relay";
        if (e != null) {
            out.add(String.format(
                    Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"20\" rx=\"4\" fill=\"#fff6c8\" "
                            + "stroke=\"#a08000\" stroke-dasharray=\"4,2\"/>",
                    x - 6,
                    y - 14,
                    7 * tag.length() + 12));
        }
        out.add(text(x, y, tag, "font-size=\"12\"" + (e == null ? " fill=\"#555\"" : "")));
    }

    static String describe(String hop, RunReport.EmulatedHop e) {
        if (e == null) {
            return hop + ": direct";
        }
        String shape = hop + ": relay +" + Html.num(e.delayMs() + e.replyDelayMs(), 2) + " ms";
        if (e.jitterMs() + e.replyJitterMs() > 0) {
            shape += " ± " + Html.num(e.jitterMs() + e.replyJitterMs(), 2) + " ms";
        }
        if (e.loss() + e.replyLoss() > 0) {
            shape += ", loss " + Html.num((e.loss() + e.replyLoss()) * 100, 2) + " %";
        }
        return shape + " per round trip (" + e.emulatedLosses() + " emulated retransmissions)";
    }

    private static void legend(
            StringBuilder s, Map<String, String> colours, List<String> links, boolean threeTier, int y) {
        int x = 30;
        s.append(text(x, y, "hosts:", "font-weight=\"bold\""));
        x += 60;
        for (var c : colours.entrySet()) {
            s.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>",
                    x,
                    y - 12,
                    c.getValue()));
            s.append(text(x + 20, y, c.getKey(), ""));
            x += 40 + 8 * c.getKey().length();
        }
        s.append(text(30, y + 24, "links: " + String.join(" · ", links), "font-size=\"12\""));
        s.append(text(
                30,
                y + 44,
                "dashed orange arrow: a link through sdbench's network-emulation relay; "
                        + (threeTier
                                ? "pink dashed box: an app server lost during the run"
                                : "two-tier: no wire between driver and app tier"),
                "font-size=\"12\" fill=\"#555\""));
    }

    private static String text(int x, int y, String text, String attributes) {
        return String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" %s>%s</text>", x, y, attributes, Html.esc(text));
    }

    private static List<String> wrap(String text, int width, int maxLines) {
        List<String> lines = new ArrayList<>();
        String rest = text == null ? "" : text;
        while (!rest.isEmpty() && lines.size() < maxLines) {
            if (rest.length() <= width) {
                lines.add(rest);
                break;
            }
            int cut = rest.lastIndexOf(' ', width);
            cut = cut <= 0 ? width : cut;
            lines.add(
                    lines.size() == maxLines - 1
                            ? rest.substring(0, Math.min(rest.length(), width - 1)) + "…"
                            : rest.substring(0, cut));
            rest = rest.substring(cut).trim();
        }
        return lines;
    }
}
