package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Every Kubernetes object sdbench ships is checked offline against the Kubernetes API's OpenAPI
 * definitions, in the form the official Java client generates from them: each model's
 * {@code fromJson} refuses a field the schema does not define, a missing required field and a value
 * of the wrong type (kubectl's {@code --validate=strict} would need an API server).
 */
class DeployManifestsSchemaTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    /** API groups whose objects the manifests use, each with the client's model prefix. */
    private static final Map<String, String> GROUPS = Map.of("v1", "V1", "apps/v1", "V1", "batch/v1", "V1");

    /** Throws IllegalArgumentException naming the problem when the object does not match its schema. */
    static void validate(JsonNode object) {
        String apiVersion = object.path("apiVersion").asText();
        String kind = object.path("kind").asText();
        String prefix = GROUPS.get(apiVersion);
        if (prefix == null || kind.isEmpty()) {
            throw new IllegalArgumentException(
                    "apiVersion '" + apiVersion + "' kind '" + kind + "' has no model here: one of " + GROUPS.keySet());
        }
        Method fromJson;
        try {
            fromJson = Class.forName("io.kubernetes.client.openapi.models." + prefix + kind)
                    .getMethod("fromJson", String.class);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(apiVersion + " " + kind + ": no such kind in the Kubernetes API");
        }
        try {
            fromJson.invoke(null, JSON.writeValueAsString(object));
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(
                    apiVersion + " " + kind + " " + object.at("/metadata/name").asText() + ": "
                            + e.getCause().getMessage(),
                    e.getCause());
        } catch (IllegalAccessException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<JsonNode> documents(String yaml) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        try (var it = YAML.readerFor(JsonNode.class).<JsonNode>readValues(yaml)) {
            while (it.hasNext()) {
                JsonNode d = it.next();
                if (d != null && !d.isNull() && !d.isMissingNode()) {
                    out.add(d);
                }
            }
        }
        return out;
    }

    /** {@code kubectl kustomize DIR}: kustomize is built into kubectl and renders offline. */
    static String kustomize(Path dir) throws IOException, InterruptedException {
        String kubectl = onPath("kubectl");
        if (kubectl == null) {
            fail("kubectl is not on PATH: this test renders deploy/k8s with 'kubectl kustomize' (offline); "
                    + "install kubectl (it includes kustomize) to run it");
        }
        Process p = new ProcessBuilder(kubectl, "kustomize", dir.toString())
                .redirectErrorStream(false)
                .start();
        p.getOutputStream().close();
        var stdout = p.getInputStream().readAllBytes();
        var stderr = p.getErrorStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("kubectl kustomize " + dir + " did not finish in 60 s");
        }
        assertEquals(0, p.exitValue(), "kubectl kustomize " + dir + ": " + new String(stderr, StandardCharsets.UTF_8));
        return new String(stdout, StandardCharsets.UTF_8);
    }

    private static String onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path f = Path.of(d, tool);
            if (Files.isExecutable(f)) {
                return f.toString();
            }
        }
        return null;
    }

    private static Map<String, JsonNode> rendered() throws IOException, InterruptedException {
        Map<String, JsonNode> byKindName = new TreeMap<>();
        for (JsonNode d : documents(kustomize(Path.of("deploy", "k8s")))) {
            byKindName.put(
                    d.path("kind").asText() + "/" + d.at("/metadata/name").asText(), d);
        }
        return byKindName;
    }

    @Test
    void kustomize_everyRenderedObject_validatesAgainstTheKubernetesSchema() throws Exception {
        Map<String, JsonNode> objects = rendered();
        for (String expected : List.of(
                "Namespace/sdbench",
                "ConfigMap/sdbench-config",
                "Deployment/sdbench-central",
                "Service/sdbench-central",
                "StatefulSet/sdbench-appserver",
                "Service/sdbench-appserver",
                "PersistentVolumeClaim/sdbench-results",
                "Job/sdbench-driver",
                "Service/sdbench-metrics")) {
            assertTrue(
                    objects.containsKey(expected),
                    "kubectl kustomize deploy/k8s renders " + expected + ": " + objects.keySet());
        }
        objects.forEach((name, o) -> {
            try {
                validate(o);
            } catch (IllegalArgumentException e) {
                fail(name + " does not match the Kubernetes schema: " + e.getMessage());
            }
        });
    }

    @Test
    void manifests_everyFileOutsideTheKustomization_validates() throws IOException {
        // the results reader (applied by hand) and the podman kube play variant are not in the kustomization
        int n = 0;
        for (Path f : List.of(
                Path.of("deploy/k8s/results-reader.yaml"),
                Path.of("deploy/podman/config.yaml"),
                Path.of("deploy/podman/services.yaml"),
                Path.of("deploy/podman/driver.yaml"))) {
            for (JsonNode d : documents(Files.readString(f))) {
                try {
                    validate(d);
                    n++;
                } catch (IllegalArgumentException e) {
                    fail(f + ": " + e.getMessage());
                }
            }
        }
        assertTrue(n >= 5, "objects checked: " + n);
    }

    private static ObjectNode central(Map<String, JsonNode> objects) {
        return (ObjectNode) objects.get("Deployment/sdbench-central").deepCopy();
    }

    @Test
    void validate_unknownFieldInAContainer_fails() throws Exception {
        ObjectNode d = central(rendered());
        validate(d);
        ((ObjectNode) d.at("/spec/template/spec/containers/0")).put("imagePullPolicyy", "IfNotPresent");
        var e = assertThrows(IllegalArgumentException.class, () -> validate(d));
        assertTrue(e.getMessage().contains("imagePullPolicyy"), e.getMessage());
    }

    @Test
    void validate_misplacedFieldInTheSpec_fails() throws Exception {
        ObjectNode d = central(rendered());
        // a real slip: the pod's securityContext one level too high
        ((ObjectNode) d.get("spec")).set("securityContext", d.at("/spec/template/spec/securityContext"));
        var e = assertThrows(IllegalArgumentException.class, () -> validate(d));
        assertTrue(e.getMessage().contains("securityContext"), e.getMessage());
    }

    @Test
    void validate_wrongTypeOrMissingRequiredField_fails() throws Exception {
        Map<String, JsonNode> objects = rendered();
        ObjectNode typed = central(objects);
        ((ObjectNode) typed.get("spec")).put("replicas", "two");
        assertThrows(IllegalArgumentException.class, () -> validate(typed));
        ObjectNode required = central(objects);
        ((ObjectNode) required.at("/spec/template/spec/containers/0")).remove("name");
        var e = assertThrows(IllegalArgumentException.class, () -> validate(required));
        assertTrue(e.getMessage().contains("name"), e.getMessage());
        ObjectNode kind = central(objects);
        kind.put("kind", "Deploymnet");
        assertThrows(IllegalArgumentException.class, () -> validate(kind));
    }
}
