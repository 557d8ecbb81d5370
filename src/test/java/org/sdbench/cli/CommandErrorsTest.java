package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.Numbers;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.wire.FrameIO;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Handshake;
import org.sdbench.protocol.wire.WireOut;

/** Bad input ends in one line on stderr and the documented exit code, never a stack trace. */
class CommandErrorsTest {
    private static void oneLine(TestDb.Run r, int exit, String contains) {
        assertEquals(exit, r.exit(), r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), "exactly one line: " + err);
        assertTrue(err.startsWith("sdbench: ") && err.contains(contains), err);
        assertFalse(err.contains("\tat "), "no stack trace");
    }

    @Test
    void plan_badValue_exit2() {
        oneLine(TestDb.sdbench("plan", "--set", "run.users=-5"), 2, "'run.users' = -5");
    }

    @Test
    void plan_missingConfigFile_exit2() {
        oneLine(TestDb.sdbench("plan", "-c", "missing.yaml"), 2, "missing.yaml");
    }

    @Test
    void plan_deviceAsConfig_exit2SaysWhatItIs() {
        oneLine(TestDb.sdbench("plan", "-c", "/dev/zero"), 2, "'/dev/zero' is a character device, not a regular file");
    }

    @Test
    void check_passwordFileIsFifo_exit2WithoutHanging() throws Exception {
        Path dir = Files.createTempDirectory("sdbench-fifo");
        Path fifo = dir.resolve("password");
        try {
            Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo");
            TestDb.Run r = assertTimeoutPreemptively(
                    Duration.ofSeconds(30),
                    () -> TestDb.sdbench("check", "--db-url", TestDb.url(), "--set", "database.passwordFile=" + fifo));
            oneLine(r, 2, "is a named pipe (FIFO), not a regular file");
        } finally {
            Files.deleteIfExists(fifo);
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void niping_timeoutBeyondBound_exit2() {
        oneLine(TestDb.sdbench("niping", "client", "--timeout", "597h"), 2, "a duration from 1ms to 24d");
        oneLine(TestDb.sdbench("niping", "client", "--timeout", "0s"), 2, "a duration from 1ms to 24d");
    }

    @Test
    void run_unknownOption_exit2() {
        oneLine(TestDb.sdbench("run", "--userz", "5"), 2, "--userz");
    }

    @Test
    void run_unreachableDatabase_exit3() {
        oneLine(
                TestDb.sdbench("run", "--db-url", "jdbc:postgresql://127.0.0.1:1/none"),
                3,
                "cannot reach the database at 127.0.0.1:1");
    }

    @Test
    void run_missingSchemaWithNoLoad_exit3() {
        oneLine(
                TestDb.sdbench("run", "--db-url", TestDb.url(), "--set", "database.schema=never_loaded", "--no-load"),
                3,
                "has no SD tables");
    }

    @Test
    void appserver_wrongCentralAddress_exit3() {
        oneLine(
                TestDb.sdbench("appserver", "--db-url", TestDb.url(), "--central", "127.0.0.1:1", "--instance", "1"),
                3,
                "cannot reach 127.0.0.1:1");
    }

    @Test
    void central_portInUse_exit3() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            oneLine(
                    TestDb.sdbench("central", "--port", Integer.toString(taken.getLocalPort())),
                    3,
                    "cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": the port is in use");
        }
    }

    @Test
    void appserver_centralOfAnotherVersion_exit3() throws Exception {
        // What central services of another sdbench version answer to this one's HELLO.
        try (ServerSocket other = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread t = Thread.ofVirtual().start(() -> {
                try (Socket s = other.accept();
                        FrameIO io = new FrameIO(s)) {
                    io.read(10_000);
                    io.write(
                            FrameType.REFUSED,
                            0,
                            new WireOut()
                                    .str("this peer runs sdbench 9.9.9 (wire 9), yours is " + Handshake.version()
                                            + ": run the same sdbench version on every tier")
                                    .toBytes());
                } catch (Exception e) {
                    // The client went away first: the assertion below says why.
                }
            });
            oneLine(
                    TestDb.sdbench(
                            "appserver",
                            "--db-url",
                            TestDb.url(),
                            "--central",
                            "127.0.0.1:" + other.getLocalPort(),
                            "--instance",
                            "1"),
                    3,
                    "refused the connection: this peer runs sdbench 9.9.9");
            t.join(10_000);
        }
    }

    @Test
    void appserver_centralNeverAnswers_exit3() throws Exception {
        // A wrong address where something else listens (it never answers the handshake): silence says
        // nothing about who listens, so the line says what happened.
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            oneLine(
                    TestDb.sdbench(
                            "appserver",
                            "--db-url",
                            TestDb.url(),
                            "--central",
                            "127.0.0.1:" + silent.getLocalPort(),
                            "--instance",
                            "1"),
                    3,
                    "the sdbench handshake within");
        }
    }

    @Test
    void appserver_badCentralAddress_exit2() {
        oneLine(TestDb.sdbench("appserver", "--central", "nowhere", "--instance", "1"), 2, "'--central' = 'nowhere'");
    }

    @Test
    void sweep_badLevels_exit2() {
        oneLine(TestDb.sdbench("sweep", "--levels", "ten"), 2, "'--levels' = 'ten'");
    }

    @Test
    void sweep_fewerThanThreeRounds_exit2() {
        oneLine(TestDb.sdbench("sweep", "--rounds", "2"), 2, "'--rounds' = 2 is not allowed: 3 or more");
    }

    @Test
    void sweep_maxRunsBelowTheLeastRounds_exit2() {
        oneLine(TestDb.sdbench("sweep", "--max-runs", "5"), 2, "'--max-runs' = 5 is not allowed: at least 9");
    }

    @Test
    void sweep_badPrecisionOrBudget_exit2() {
        oneLine(TestDb.sdbench("sweep", "--precision", "0%"), 2, "'--precision' = '0%' is not allowed");
        oneLine(TestDb.sdbench("sweep", "--precision", "150%"), 2, "'--precision' = '150%' is not allowed");
        oneLine(TestDb.sdbench("sweep", "--budget", "soon"), 2, "'--budget' = 'soon'");
    }

    @Test
    void sweep_resumeWithoutSweepJson_exit2(@TempDir Path empty) {
        oneLine(
                TestDb.sdbench("sweep", "--resume", empty.toString(), "--db-url", TestDb.url()),
                2,
                "has no sweep.json");
    }

    @Test
    void options_nonDecimalNumbers_exit2NamingOptionAndValue() {
        oneLine(
                TestDb.sdbench("plan", "--users", "\uff13"),
                2,
                "'--users' = '\uff13' is not allowed: " + Numbers.WHOLE);
        oneLine(TestDb.sdbench("plan", "--users", "010"), 2, "'--users' = '010' is not allowed");
        oneLine(TestDb.sdbench("run", "--interval", "0x10"), 2, "'--interval' = '0x10' is not allowed");
        oneLine(TestDb.sdbench("sweep", "--levels", "\uff11\uff10,20"), 2, "'--levels'");
        oneLine(TestDb.sdbench("plan", "--set", "run.users=1_000"), 2, "'run.users' = '1_000' is not allowed");
    }
}
