package org.sdbench.apptier.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.Homes;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.protocol.ChildStartup;
import picocli.CommandLine.Option;

/** The layered-configuration options every command shares; flags become --set overrides, applied last. */
public final class ConfigOptions {
    @Option(
            names = {"-c", ChildStartup.CONFIG},
            paramLabel = "FILE",
            description = "Run configuration (e.g. config/quick.yaml). Default: built-in defaults + config/quick.yaml.")
    public Path config;

    @Option(
            names = {"-w", ChildStartup.WORKLOAD},
            paramLabel = "FILE",
            description = "Workload file; overrides run.workload.")
    public Path workload;

    @Option(
            names = ChildStartup.SET,
            paramLabel = "KEY=VALUE",
            description = "Override any key, e.g. --set appServer.instances=2.")
    public List<String> sets = new ArrayList<>();

    @Option(names = "--users", paramLabel = "N", description = "Number of benchmark users (run.users).")
    public Integer users;

    @Option(
            names = "--db-url",
            paramLabel = "JDBC_URL",
            description =
                    "Use an existing server: sets database.kind and database.url (password via $SDBENCH_DB_PASSWORD or ~/.pgpass).")
    public String dbUrl;

    /** Extra overrides a command adds from its own flags. */
    public SdbenchConfig load(List<String> extra) {
        List<String> all = new ArrayList<>();
        if (dbUrl != null) {
            all.add("database.kind=" + (dbUrl.startsWith("jdbc:db2:") ? "db2" : "postgresql"));
            all.add("database.url=" + dbUrl);
        }
        all.addAll(sets);
        if (users != null) {
            all.add("run.users=" + users);
        }
        all.addAll(extra);
        Path cfg = config != null ? config : defaultConfig();
        return ConfigLoader.forInstallation().load(cfg, workload, all);
    }

    public SdbenchConfig load() {
        return load(List.of());
    }

    private static Path defaultConfig() {
        Path p = Homes.installation().resolve("config").resolve("quick.yaml");
        return p.toFile().isFile() ? p : null;
    }
}
