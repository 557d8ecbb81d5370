package org.sdbench.measure.environment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;

/** One line of /proc/self/mountinfo: where a file system is mounted, from what, with which options. */
record Mount(String mountPoint, String source, String fsType, String options) {

    /**
     * Parses mountinfo lines: {@code id parent major:minor root mountpoint options [optional...] - fstype
     * source superoptions}. Mount options and the file system's own (super) options are joined
     * without repeats, as {@code mount} shows them.
     */
    static List<Mount> parse(List<String> lines) {
        List<Mount> out = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split(" ");
            int dash = Arrays.asList(f).indexOf("-");
            if (f.length < 6 || dash < 6 || dash + 3 > f.length) {
                continue;
            }
            var opts = new LinkedHashSet<>(List.of(f[5].split(",")));
            if (dash + 3 < f.length) {
                opts.addAll(List.of(f[dash + 3].split(",")));
            }
            out.add(new Mount(unescape(f[4]), unescape(f[dash + 2]), f[dash + 1], String.join(",", opts)));
        }
        return out;
    }

    /** The mount with the longest mount point that contains {@code path} (the last one wins on ties: it is on top). */
    static Mount containing(List<Mount> mounts, String path) {
        Mount best = null;
        for (Mount m : mounts) {
            String mp = m.mountPoint();
            boolean inside = path.equals(mp) || mp.equals("/") || path.startsWith(mp.endsWith("/") ? mp : mp + "/");
            if (inside && (best == null || mp.length() >= best.mountPoint().length())) {
                best = m;
            }
        }
        return best;
    }

    /** mountinfo escapes space, tab, newline and backslash as octal. */
    private static String unescape(String s) {
        return s.replace("\\040", " ")
                .replace("\\011", "\t")
                .replace("\\012", "\n")
                .replace("\\134", "\\");
    }
}
