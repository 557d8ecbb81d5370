package org.sdbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Debian's headless Chromium, for checking that report pages load and draw their charts. */
public final class Chromium {
    private static final Pattern BODY = Pattern.compile("<body([^>]*)>");

    private Chromium() {}

    /** The browser binary on PATH, if installed ({@code apt-get install chromium}). */
    public static Optional<Path> find() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** The attributes of the page's body element after its scripts ran (charts.js marks the status there). */
    public static String bodyAttributes(Path browser, Path page) throws IOException, InterruptedException {
        String dom = run(browser, List.of("--dump-dom", page.toUri().toString()));
        Matcher m = BODY.matcher(dom);
        return m.find() ? m.group(1) : "(no body element in: " + dom.substring(0, Math.min(300, dom.length())) + ")";
    }

    /**
     * Writes the page and, where a browser is installed, checks that every chart drew and leaves a
     * screenshot beside it; the body's attributes, or empty without a browser.
     */
    public static Optional<String> render(Path page, String html, int height) throws IOException, InterruptedException {
        Files.createDirectories(page.getParent());
        Files.writeString(page, html);
        var browser = find();
        if (browser.isEmpty()) {
            return Optional.empty();
        }
        String body = bodyAttributes(browser.get(), page);
        String name = page.getFileName().toString();
        screenshot(browser.get(), page, page.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".png"), height);
        return Optional.of(body);
    }

    public static void screenshot(Path browser, Path page, Path png, int height)
            throws IOException, InterruptedException {
        Files.createDirectories(png.getParent());
        run(
                browser,
                List.of(
                        "--hide-scrollbars",
                        "--window-size=1400," + height,
                        "--screenshot=" + png.toAbsolutePath(),
                        page.toUri().toString()));
    }

    private static String run(Path browser, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                browser.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-dev-shm-usage"));
        cmd.addAll(args);
        Path log = Files.createTempFile("chromium", ".log");
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("chromium did not finish in 90 s: " + cmd);
        }
        Files.deleteIfExists(log);
        return new String(out, StandardCharsets.UTF_8);
    }
}
