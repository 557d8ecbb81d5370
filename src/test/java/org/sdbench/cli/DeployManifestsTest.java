package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Offline validation of deploy/k8s (no cluster is reachable here): every manifest parses, every sdbench
 * command line in it parses with this build's CLI, and names, ports, volumes and the image agree.
 */
class DeployManifestsTest {
    private static final Path K8S = Path.of("deploy", "k8s");
    /** Commands that come with the three-tier work (branch h4-threetier); parsed once they are in the build. */
    private static final Set<String> THREE_TIER_COMMANDS = Set.of("central", "appserver");

    private static final List<JsonNode> DOCS = new ArrayList<>();

    private record Container(String owner, JsonNode pod, JsonNode container) {}

    @BeforeAll
    static void read() throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        try (Stream<Path> files = Files.list(K8S)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                try (var it = yaml.readerFor(JsonNode.class).<JsonNode>readValues(f.toFile())) {
                    while (it.hasNext()) {
                        JsonNode d = it.next();
                        if (d != null && !d.isNull() && !d.isMissingNode()) {
                            DOCS.add(d);
                        }
                    }
                }
            }
        }
    }

    private static List<JsonNode> kind(String kind) {
        return DOCS.stream().filter(d -> kind.equals(d.path("kind").asText())).toList();
    }

    private static JsonNode named(String kind, String name) {
        return kind(kind).stream()
                .filter(d -> name.equals(d.at("/metadata/name").asText()))
                .findFirst()
                .orElseGet(() -> fail(kind + " " + name + " not in deploy/k8s"));
    }

    private static List<Container> containers() {
        List<Container> out = new ArrayList<>();
        for (JsonNode d : DOCS) {
            JsonNode pod = d.path("kind").asText().equals("Pod") ? d.path("spec") : d.at("/spec/template/spec");
            for (String list : List.of("initContainers", "containers")) {
                pod.path(list)
                        .forEach(c -> out.add(new Container(
                                d.path("kind").asText() + "/"
                                        + d.at("/metadata/name").asText(),
                                pod,
                                c)));
            }
        }
        return out;
    }

    /** The sdbench argument vector a container runs (entrypoint args, or the line after 'exec sdbench'); null if none. */
    private static List<String> sdbenchArgs(JsonNode c) {
        List<String> args = new ArrayList<>();
        c.path("args").forEach(a -> args.add(a.asText()));
        if (!c.has("command")) {
            return args;
        }
        String script = String.join(" ", args);
        Matcher m = Pattern.compile("exec sdbench (.*)$", Pattern.DOTALL).matcher(script);
        if (!m.find()) {
            return null;
        }
        // the shell's ordinal arithmetic yields an instance number
        String line = m.group(1).replaceAll("\\$\\(\\( *\\$\\{HOSTNAME##\\*-} *\\+ *1 *\\)\\)", "1");
        return List.of(line.trim().split("\\s+"));
    }

    private static String option(List<String> args, String name) {
        for (int i = 0; i < args.size() - 1; i++) {
            if (args.get(i).equals(name)) {
                return args.get(i + 1);
            }
        }
        return null;
    }

    private static Map<String, String> sets(List<String> args) {
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < args.size() - 1; i++) {
            if (args.get(i).equals("--set")) {
                String[] kv = args.get(i + 1).split("=", 2);
                out.put(kv[0], kv[1]);
            }
        }
        return out;
    }

    @Test
    void manifests_everySdbenchCommandLine_parsesWithThisBuildsCli() {
        int parsed = 0;
        Set<String> pending = new HashSet<>();
        CommandLine cli = new CommandLine(new SdbenchCommand());
        for (Container c : containers()) {
            List<String> args = sdbenchArgs(c.container());
            if (args == null || args.isEmpty()) {
                continue;
            }
            if (!cli.getSubcommands().containsKey(args.get(0))) {
                assertTrue(THREE_TIER_COMMANDS.contains(args.get(0)), c.owner() + ": unknown command " + args);
                pending.add(args.get(0));
                continue;
            }
            try {
                new CommandLine(new SdbenchCommand()).parseArgs(args.toArray(String[]::new));
                parsed++;
            } catch (CommandLine.ParameterException e) {
                fail(c.owner() + ": " + args + ": " + e.getMessage());
            }
        }
        assertTrue(parsed >= 1, "at least the driver's command line was checked");
        System.out.println("deploy/k8s: " + parsed + " command line(s) parsed; not in this build yet: " + pending);
    }

    @Test
    void manifests_portsNamesAndAddresses_agree() {
        JsonNode centralSvc = named("Service", "sdbench-central");
        int centralPort = centralSvc.at("/spec/ports/0/port").asInt();
        JsonNode appSvc = named("Service", "sdbench-appserver");
        int appPort = appSvc.at("/spec/ports/0/port").asInt();
        assertEquals("None", appSvc.at("/spec/clusterIP").asText(), "app servers need a headless service for pod DNS");
        assertEquals(
                "sdbench-appserver",
                named("StatefulSet", "sdbench-appserver")
                        .at("/spec/serviceName")
                        .asText());
        for (Container c : containers()) {
            List<String> args = sdbenchArgs(c.container());
            if (args == null || args.isEmpty()) {
                continue;
            }
            Map<String, String> set = sets(args);
            String cmd = args.get(0);
            if (cmd.equals("central")) {
                assertEquals(String.valueOf(centralPort), option(args, "--port"), c.owner());
                assertEquals(
                        centralPort, c.container().at("/ports/0/containerPort").asInt(), c.owner());
            }
            if (cmd.equals("appserver")) {
                assertEquals(String.valueOf(appPort), option(args, "--port"), c.owner());
                assertEquals(appPort, c.container().at("/ports/0/containerPort").asInt(), c.owner());
                assertEquals("sdbench-central:" + centralPort, option(args, "--central"), c.owner());
                assertTrue(option(args, "--advertise").endsWith(".sdbench-appserver"), c.owner());
            }
            if (cmd.equals("run")) {
                assertEquals("sdbench-central:" + centralPort, set.get("appServer.central"), c.owner());
                assertTrue(
                        Files.isRegularFile(Path.of(option(args, "-c").replace("/opt/sdbench/", ""))),
                        "the driver's config file ships in the image: " + option(args, "-c"));
            }
            if (!cmd.equals("run")) {
                assertEquals("0.0.0.0", set.get("appServer.listen"), c.owner() + " listens beyond loopback");
            }
            String token = set.get("appServer.tokenFile");
            assertTrue(token != null, c.owner() + ": every tier authenticates (token file)");
            assertTrue(mounted(c.container(), token), c.owner() + ": " + token + " is on a mounted volume");
        }
    }

    @Test
    void manifests_everyTier_runsTheDriversConfigurationFile() {
        // an app server started with other settings than the run's serves another workload
        Set<String> files = new HashSet<>();
        int lines = 0;
        for (Container c : containers()) {
            List<String> args = sdbenchArgs(c.container());
            if (args == null || args.isEmpty()) {
                continue;
            }
            String file = option(args, "-c");
            assertTrue(file != null, c.owner() + " names a configuration file (-c): " + args);
            files.add(file);
            lines++;
        }
        assertEquals(3, lines, "central, app server and driver");
        assertEquals(1, files.size(), "one configuration file for all tiers: " + files);
    }

    private static boolean mounted(JsonNode container, String file) {
        for (JsonNode m : container.path("volumeMounts")) {
            if (file.startsWith(m.path("mountPath").asText() + "/")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void manifests_volumesEnvAndImage_consistent() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher v = Pattern.compile("<artifactId>sdbench</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertTrue(v.find());
        String image = "sdbench:" + v.group(1);
        assertTrue(
                pom.contains("<image>sdbench:${project.version}</image>"), "Jib builds the image the manifests name");
        List<Container> all = containers();
        assertFalse(all.isEmpty());
        for (Container c : all) {
            assertEquals(image, c.container().path("image").asText(), c.owner());
            Set<String> volumes = new HashSet<>();
            c.pod().path("volumes").forEach(x -> volumes.add(x.path("name").asText()));
            c.container()
                    .path("volumeMounts")
                    .forEach(m -> assertTrue(
                            volumes.contains(m.path("name").asText()),
                            c.owner() + ": volume " + m.path("name").asText() + " declared"));
            for (JsonNode e : c.container().path("env")) {
                JsonNode cm = e.at("/valueFrom/configMapKeyRef");
                if (!cm.isMissingNode()) {
                    JsonNode data = named("ConfigMap", cm.path("name").asText()).path("data");
                    assertTrue(data.has(cm.path("key").asText()), c.owner() + ": config key " + cm);
                }
            }
            boolean usesDb = c.container().path("env").findValues("name").stream()
                    .anyMatch(n -> n.asText().equals("SDBENCH_DB_URL"));
            if (usesDb) {
                assertTrue(
                        c.container().path("env").findValues("name").stream()
                                .anyMatch(n -> n.asText().equals("SDBENCH_DB_PASSWORD")),
                        c.owner() + ": the password comes from the environment variable database.passwordEnv names");
            }
            JsonNode sc = c.pod().path("securityContext");
            assertTrue(sc.path("runAsNonRoot").asBoolean(), c.owner() + " runs as non-root");
        }
        // the password env name is the default of database.passwordEnv
        String defaults = Files.readString(Path.of("src/main/resources/org/sdbench/config/defaults.yaml"));
        assertTrue(defaults.contains("passwordEnv: SDBENCH_DB_PASSWORD"));
    }
}
