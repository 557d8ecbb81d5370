package org.sdbench.apptier.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.WireServer;

/**
 * A failed step is counted by its cause: an app server that answers with a refusal (a refused
 * logon, as when its enqueue request was refused) is not a lost app server; one whose connection
 * breaks is, and the run then lists it among the lost ones.
 */
class RemoteErrorCausesTest {
    private static final int USER = 3;

    private final AtomicBoolean refuseLogon = new AtomicBoolean();
    private ScriptedTier tier;
    private RemoteDialogService service;

    @BeforeEach
    void start() {
        tier = new ScriptedTier(this::appServer, USER);
        service = tier.service();
    }

    @AfterEach
    void stop() {
        tier.close();
    }

    /** Refuses logons when told to (as after a refused enqueue request); a step closes the connection. */
    private void appServer(WireServer.Connection c, Frame f) {
        switch (f.type()) {
            case FrameType.LOGON -> {
                if (refuseLogon.get()) {
                    c.error(f, "app server 1: enqueue server refused: lock owner 'user:1-r-3' belongs to instance 5");
                } else {
                    c.reply(f, FrameType.OK, Control.EMPTY);
                }
            }
            case FrameType.STEP -> c.close();
            default -> c.reply(f, FrameType.OK, Control.EMPTY);
        }
    }

    @Test
    void dialogStep_logonRefused_countedAsRefusedNoInstanceLost() throws Exception {
        refuseLogon.set(true);
        var r = service.dialogStep(USER, SdStep.LOOP.get(0));
        assertEquals("app-server-refused", r.outcome().kind(), r.outcome().toString());
        assertEquals(Set.of(), service.lost());
    }

    @Test
    void dialogStep_connectionBreaks_countedAsLostAndTheInstanceListed() throws Exception {
        var r = service.dialogStep(USER, SdStep.LOOP.get(0));
        assertEquals("app-server-lost", r.outcome().kind(), r.outcome().toString());
        assertTrue(service.lost().contains(1), "lost instances: " + service.lost());
    }
}
