package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;

/**
 * Every option and key that takes a port, a host or an address refuses a bad one while parsing: one line naming
 * the option, the value and what is allowed, exit 2, before anything listens or connects.
 */
class AddressArgumentsTest {
    /** TEST-NET-1 (RFC 5737): documentation only, never an address of this machine. */
    private static final String NOT_HERE = "192.0.2.1";

    private static void refused(TestDb.Run r, String contains) {
        assertEquals(2, r.exit(), r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), "exactly one line: " + err);
        assertTrue(err.startsWith("sdbench: ") && err.contains(contains), err);
        assertFalse(err.contains("\tat ") || err.contains("internal error"), "no stack trace: " + err);
        assertEquals("", r.out(), "nothing started");
    }

    @Test
    void central_portOutOfRange_exit2() {
        refused(
                TestDb.sdbench("central", "--port", "70000"),
                "'--port' = '70000' is not allowed: a TCP port from 0 to 65535");
    }

    @Test
    void appserver_portOutOfRange_exit2BeforeDialling() {
        refused(
                TestDb.sdbench("appserver", "--central", "127.0.0.1:1", "--instance", "1", "--port", "-1"),
                "'--port' = '-1' is not allowed");
    }

    @Test
    void appserver_advertiseWithPort_exit2() {
        refused(
                TestDb.sdbench("appserver", "--central", "127.0.0.1:1", "--instance", "1", "--advertise", "app1:3200"),
                "'--advertise' = 'app1:3200' is not allowed: a host name or IP address without a port");
    }

    @Test
    void relay_unresolvableListen_exit2() {
        refused(
                TestDb.sdbench("relay", "--listen", "nosuchhost.invalid:0", "--target", "127.0.0.1:5432"),
                "'--listen' = 'nosuchhost.invalid:0' is not allowed: a host that resolves");
    }

    @Test
    void relay_unresolvableTarget_exit2InsteadOfListening() {
        refused(
                TestDb.sdbench("relay", "--target", "nosuchhost.invalid:5432", "--duration", "1ms"),
                "'--target' = 'nosuchhost.invalid:5432' is not allowed: a host that resolves");
    }

    @Test
    void relay_portOutOfRange_exit2() {
        refused(
                TestDb.sdbench("relay", "--listen", "127.0.0.1:99999", "--target", "127.0.0.1:5432"),
                "'--listen' = '127.0.0.1:99999' is not allowed: HOST:PORT");
    }

    @Test
    void nipingServer_unresolvableListen_exit2() {
        refused(
                TestDb.sdbench("niping", "server", "--listen", "nosuchhost.invalid:3298"),
                "'--listen' = 'nosuchhost.invalid:3298' is not allowed: a host that resolves");
    }

    @Test
    void nipingServer_addressOfAnotherMachine_exit2() {
        refused(
                TestDb.sdbench("niping", "server", "--listen", NOT_HERE + ":0"),
                "is not allowed: an address of this machine");
    }

    @Test
    void nipingClient_unresolvableHost_exit2() {
        refused(
                TestDb.sdbench("niping", "client", "--host", "nosuchhost.invalid:3298"),
                "'--host' = 'nosuchhost.invalid:3298' is not allowed: a host that resolves");
    }

    @Test
    void run_metricsPortOutOfRange_exit2() {
        refused(TestDb.sdbench("run", "--metrics-port", "65536"), "'--metrics-port' = '65536' is not allowed");
    }

    @Test
    void run_metricsBindNotThisMachine_exit2() {
        refused(
                TestDb.sdbench("run", "--metrics-port", "0", "--metrics-bind", NOT_HERE),
                "'--metrics-bind' = '" + NOT_HERE + "' is not allowed: an address of this machine");
    }

    @Test
    void plan_listenKeyWithPort_exit2() {
        refused(
                TestDb.sdbench("plan", "--set", "appServer.listen=127.0.0.1:3300"),
                "'appServer.listen' = '127.0.0.1:3300' is not allowed: a host name or IP address without a port");
    }

    @Test
    void plan_centralKeyPortOutOfRange_exit2() {
        refused(
                TestDb.sdbench("plan", "--set", "appServer.central=central:99999"),
                "'appServer.central' = 'central:99999'");
    }

    @Test
    void plan_databaseUrlPortOutOfRange_exit2() {
        refused(
                TestDb.sdbench("plan", "--db-url", "jdbc:postgresql://127.0.0.1:99999/x"),
                "a JDBC URL whose port is 1 to 65535 ('99999' is not)");
    }

    @Test
    void unknownCommand_helpHintNamesTheProgramOnce() {
        refused(TestDb.sdbench("frobnicate"), "(see 'sdbench --help')");
        refused(TestDb.sdbench("niping", "frob"), "(see 'sdbench niping --help')");
    }
}
