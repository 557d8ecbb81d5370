package org.sdbench.report.html;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.measure.environment.DiskLayout;
import org.sdbench.measure.environment.Environment;

/** Where the database's data, WAL and tablespaces live, from environment.json. */
final class DiskLayoutHtml {
    private DiskLayoutHtml() {}

    static void section(Html h, Environment env) {
        DiskLayout d = env == null ? null : env.diskLayout();
        if (d == null) {
            return;
        }
        h.section("disks", "Database disk layout");
        if (!"ok".equals(d.status())) {
            h.tag("p", "hint", d.status());
        }
        List<List<String>> rows = new ArrayList<>();
        for (DiskLayout.Location l : d.locations()) {
            rows.add(List.of(
                    l.role(),
                    l.realPath() == null || l.realPath().equals(l.path()) ? l.path() : l.path() + " → " + l.realPath(),
                    or(l.device()),
                    or(l.fileSystem()),
                    or(l.mountPoint()),
                    or(l.mountOptions()),
                    l.rotational() == null ? "n/a" : l.rotational() ? "rotational" : "non-rotational",
                    l.note() == null ? "" : l.note()));
        }
        if (!rows.isEmpty()) {
            h.table(
                    List.of("what", "path", "device", "file system", "mounted on", "mount options", "disk", "note"),
                    rows,
                    99);
        }
        h.end();
    }

    private static String or(String s) {
        return s == null ? "n/a" : s;
    }
}
