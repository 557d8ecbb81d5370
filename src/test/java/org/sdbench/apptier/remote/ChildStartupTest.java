package org.sdbench.apptier.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.SdbenchCommand;
import org.sdbench.protocol.ChildStartup;
import picocli.CommandLine;

/** The launcher's argv parses as the children's commands, and their ready line as the launcher reads it. */
class ChildStartupTest {
    private static final ChildStartup.Settings SETTINGS = new ChildStartup.Settings(
            Path.of("run/config.yaml"), Path.of("run/workload.yaml"), List.of("database.password=x"));

    @Test
    void appServer_argv_parsesAsTheAppserverCommand() {
        List<String> argv = ChildStartup.appServer(SETTINGS, "127.0.0.1:7300", 3);

        CommandLine.ParseResult p = new CommandLine(new SdbenchCommand()).parseArgs(argv.toArray(String[]::new));
        CommandLine.ParseResult sub = p.subcommand();
        assertEquals(ChildStartup.APPSERVER, sub.commandSpec().name());
        assertEquals(3, (int) sub.matchedOptionValue(ChildStartup.INSTANCE, 0));
        assertEquals("127.0.0.1:7300", sub.matchedOptionValue(ChildStartup.CENTRAL_ADDRESS, ""));
        assertEquals(0, (int) sub.matchedOptionValue(ChildStartup.PORT, -1));
        assertTrue(sub.hasMatchedOption(ChildStartup.PARENT_WATCH));
        assertEquals(Path.of("run/workload.yaml"), sub.matchedOptionValue(ChildStartup.WORKLOAD, (Path) null));
        assertEquals(List.of("database.password=x"), sub.matchedOptionValue(ChildStartup.SET, List.of()));
    }

    @Test
    void central_argv_parsesAsTheCentralCommand() {
        List<String> argv = ChildStartup.central(SETTINGS);

        CommandLine.ParseResult sub = new CommandLine(new SdbenchCommand())
                .parseArgs(argv.toArray(String[]::new))
                .subcommand();
        assertEquals(ChildStartup.CENTRAL, sub.commandSpec().name());
        assertEquals(Path.of("run/config.yaml"), sub.matchedOptionValue(ChildStartup.CONFIG, (Path) null));
        assertTrue(sub.hasMatchedOption(ChildStartup.PARENT_WATCH));
    }

    @Test
    void readyPort_theLineAChildPrints_itsPort() {
        StringWriter out = new StringWriter();
        new PrintWriter(out, true).println(ChildStartup.readyLine("appserver-2", 41_234, 777));

        assertEquals(
                OptionalInt.of(41_234), ChildStartup.readyPort(out.toString().strip()));
    }

    @Test
    void readyPort_otherLines_none() {
        assertEquals(OptionalInt.empty(), ChildStartup.readyPort("10:00:01 app server 2: ready soon port=1"));
        assertEquals(OptionalInt.empty(), ChildStartup.readyPort("ready central port=99999 pid=1"));
        assertEquals(OptionalInt.empty(), ChildStartup.readyPort("ready central"));
    }

    @Test
    void mainClass_isThisProgramsCommandLine() throws ReflectiveOperationException {
        Class<?> main = Class.forName(ChildStartup.MAIN_CLASS);

        assertTrue(Modifier.isStatic(main.getMethod("main", String[].class).getModifiers()));
    }
}
