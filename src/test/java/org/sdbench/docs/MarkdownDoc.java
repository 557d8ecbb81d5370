package org.sdbench.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Markdown page as the docs test reads it: its code (inline spans and the lines of fenced blocks,
 * a backslash-continued command joined into one line), its relative links, its heading anchors.
 */
record MarkdownDoc(Path file, List<String> lines, List<String> code, List<String> links, Set<String> anchors) {
    private static final Pattern SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");

    static MarkdownDoc read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> code = new ArrayList<>();
        List<String> links = new ArrayList<>();
        Set<String> anchors = new HashSet<>();
        boolean fenced = false;
        StringBuilder continued = new StringBuilder();
        for (String line : lines) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                String stripped = line.endsWith("\\") ? line.substring(0, line.length() - 1) : line;
                continued.append(stripped).append(' ');
                if (!line.endsWith("\\")) {
                    code.add(continued.toString().trim());
                    continued.setLength(0);
                }
                continue;
            }
            if (line.startsWith("#")) {
                anchors.add(anchor(line.replaceFirst("^#+\\s*", "")));
            }
            Matcher s = SPAN.matcher(line);
            while (s.find()) {
                code.add(s.group(1));
            }
            Matcher l = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (l.find()) {
                links.add(l.group(1));
            }
        }
        return new MarkdownDoc(file, lines, code, links, anchors);
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N} _-]", "")
                .replace(' ', '-');
    }
}
