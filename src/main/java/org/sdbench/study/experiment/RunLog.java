package org.sdbench.study.experiment;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.sdbench.core.EnvironmentException;
import org.sdbench.report.RunReport;

/**
 * The terminal of an experiment: each run's whole output (its summary included) goes to
 * {@code logs/r<round>-<variant>.log} (the warm-up's to {@code logs/warmup-<variant>.log}, a repeated round's
 * to {@code logs/r<round>-<variant>.repeat<n>.log}) in the experiment folder; the terminal gets one line when a
 * run starts, its live progress lines, and one line of key figures when it ends.
 */
final class RunLog {
    private final Path logs;
    private final PrintWriter out;

    RunLog(Path dir, PrintWriter out) {
        this.logs = dir.resolve("logs");
        this.out = out;
    }

    void starting(int round, int position, int of, Variant v) {
        out.printf(Locale.ROOT, "round %d, run %d of %d: %s (%s)%n", round, position, of, v.name(), v.describe());
        out.flush();
    }

    void warmingUp(Variant v) {
        out.printf(Locale.ROOT, "warm-up run (discarded, not a sample): %s (%s)%n", v.name(), v.describe());
        out.flush();
    }

    void finished(RunSample s, RunReport r) {
        Double blocks = Figure.BLOCKS_READ.value().apply(r);
        out.printf(
                Locale.ROOT,
                "  -> %s: %,.0f DS/h, avg %.1f ms, DB %.2f ms per step, %s blocks read per step%s, exit %d%n",
                s.folder(),
                r.throughput().dialogStepsPerHour(),
                r.summary().overall().response().avgMs(),
                r.summary().overall().avg().dbMs(),
                blocks == null ? "n/a" : String.format(Locale.ROOT, "%.2f", blocks),
                s.workUnitsPerCpuSecond() == null
                        ? ""
                        : String.format(
                                Locale.ROOT, ", work at %.3f M units per CPU s", s.workUnitsPerCpuSecond() / 1e6),
                s.exitCode());
        out.flush();
    }

    /** Where the run of {@code v} in {@code round} prints: its log file, progress lines also to the terminal. */
    PrintWriter writer(int round, Variant v) {
        try {
            Files.createDirectories(logs);
            String stem = (round == Experiment.WARM_UP ? "warmup" : "r" + round) + "-" + v.name();
            Path log = logs.resolve(stem + ".log");
            // A repeated round's runs keep the replaced runs' logs beside their own.
            for (int repeat = 1; Files.exists(log); repeat++) {
                log = logs.resolve(stem + ".repeat" + repeat + ".log");
            }
            Writer file = Files.newBufferedWriter(log, StandardCharsets.UTF_8);
            return new PrintWriter(new Tee(file, out), true);
        } catch (IOException e) {
            throw new EnvironmentException("cannot write the run log in " + logs + " (" + e.getMessage() + ")");
        }
    }

    /**
     * Everything to the file; lines that show a run's progress or a problem also to the terminal. On a
     * terminal the run redraws its status line in place ("\r" and an erase sequence, no newline): such
     * redraws go to the terminal as they are, and only finished lines, without the control
     * characters, to the file.
     */
    private static final class Tee extends Writer {
        private static final String CLEAR_LINE = "\r\033[2K";

        private final Writer file;
        private final PrintWriter terminal;
        private final StringBuilder line = new StringBuilder();

        Tee(Writer file, PrintWriter terminal) {
            this.file = file;
            this.terminal = terminal;
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) {
                if (buf[i] == '\n') {
                    String l = plain(line);
                    file.write(l);
                    file.write('\n');
                    if (shown(l)) {
                        terminal.print((line.indexOf("\r") >= 0 ? CLEAR_LINE : "") + "  " + l + "\n");
                    }
                    line.setLength(0);
                } else {
                    line.append(buf[i]);
                }
            }
        }

        @Override
        public void flush() throws IOException {
            // A redraw: the status line without a newline, shown in place and kept from the file.
            String l = plain(line);
            if (line.indexOf("\r") >= 0 && shown(l)) {
                terminal.print(CLEAR_LINE + "  " + l);
                line.setLength(0);
            }
            file.flush();
            terminal.flush();
        }

        private static String plain(CharSequence s) {
            String t = s.toString();
            int last = t.lastIndexOf(CLEAR_LINE);
            return last >= 0 ? t.substring(last + CLEAR_LINE.length()) : t.replace("\r", "");
        }

        private static boolean shown(String l) {
            return l.startsWith("[") || l.startsWith("sdbench:") || l.startsWith("WARNING");
        }

        @Override
        public void close() throws IOException {
            file.close();
        }
    }
}
