import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the CPU of one thread group went, from the CPU-time samples (jdk.CPUTimeSample, JDK 25) of a
 * recording that bench/profile.sh makes: every sample in one of four kinds, by its innermost frames:
 *
 *   system call  the thread was in a socket read, write or epoll wait (the kernel's share of a round trip)
 *   pgjdbc       in the JDBC driver, below any sdbench frame
 *   sdbench      in sdbench's own code, or the JDK's code it called; broken down by its innermost sdbench method
 *   other        neither (the JDK's own threads' work, a frame-less sample)
 *
 * then the methods that most samples passed through. A sample is one millisecond of CPU (the sampler's
 * throttle), so the shares are of the group's CPU.
 *
 *   java bench/JfrSummary.java RECORDING.jfr THREAD_PREFIX [LINES]
 */
public class JfrSummary {
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: java bench/JfrSummary.java RECORDING.jfr THREAD_PREFIX [LINES]");
            System.exit(2);
        }
        String prefix = args[1];
        int lines = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        Map<String, Integer> kinds = new HashMap<>();
        Map<String, Integer> sdbench = new HashMap<>();
        Map<String, Integer> through = new HashMap<>();
        int total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(args[0]))) {
            if (!e.getEventType().getName().equals("jdk.CPUTimeSample") || e.getStackTrace() == null) {
                continue;
            }
            var thread = e.getThread("eventThread");
            if (thread == null || thread.getJavaName() == null || !thread.getJavaName().startsWith(prefix)) {
                continue;
            }
            List<RecordedFrame> frames = e.getStackTrace().getFrames();
            total++;
            String kind = kind(frames);
            kinds.merge(kind.startsWith("sdbench") ? "sdbench" : kind, 1, Integer::sum);
            if (kind.startsWith("sdbench ")) {
                sdbench.merge(kind.substring("sdbench ".length()), 1, Integer::sum);
            }
            Set<String> seen = new HashSet<>();
            for (RecordedFrame f : frames) {
                String m = name(f);
                if (seen.add(m)) {
                    through.merge(m, 1, Integer::sum);
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s*: %,d samples%n", prefix, total);
        print("kind", kinds, total, lines);
        print("sdbench, by innermost sdbench method", sdbench, total, lines);
        print("passed through", through, total, lines * 2);
    }

    private static String kind(List<RecordedFrame> frames) {
        if (frames.isEmpty()) {
            return "other";
        }
        String top = name(frames.get(0));
        if (top.endsWith("write0") || top.endsWith("read0") || top.endsWith("EPoll.wait")) {
            return "system call";
        }
        for (RecordedFrame f : frames) {
            String m = name(f);
            if (m.startsWith("org.postgresql.")) {
                return "pgjdbc";
            }
            if (m.startsWith("org.sdbench.")) {
                return "sdbench " + m;
            }
        }
        return "other";
    }

    private static String name(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }

    private static void print(String title, Map<String, Integer> counts, int total, int lines) {
        System.out.println("  " + title + ":");
        counts.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue(), a.getValue()))
                .limit(lines)
                .forEach(c -> System.out.printf(Locale.ROOT, "    %5.1f %%  %s%n", 100.0 * c.getValue() / total, c.getKey()));
    }
}
