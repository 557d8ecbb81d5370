package org.sdbench.apptier.central;

import java.security.MessageDigest;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.PeerText;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.protocol.wire.WireServer;

/**
 * The message server lists an app server only once the listener at the address it registered
 * answers, authenticated, with that instance's number and the nonce of its registration: a
 * registration naming a dead or a foreign address never enters the logon group, where every logon
 * routed to it would fail. The central services stay connected to that address; when it stops
 * answering (closed, or silent past the liveness bound) the registration is dropped, with a line,
 * and its registration connection closed, so the instance stops.
 */
final class Registrations {
    /** A listed instance and the central services' own connection to its address. */
    private record Registered(MessageServer.Instance instance, WireClient check, AtomicBoolean dropped) {}

    private final Wire wire;
    private final Token token;
    private final Duration timeout;
    private final MessageServer messages;
    private final Consumer<String> log;
    private final IntConsumer left;

    /** @param left called with an instance's number once it left the logon group */
    Registrations(
            Wire wire, Token token, Duration timeout, MessageServer messages, Consumer<String> log, IntConsumer left) {
        this.wire = wire;
        this.token = token;
        this.timeout = timeout;
        this.messages = messages;
        this.log = log;
        this.left = left;
    }

    /** Checks the address on a thread of its own, then lists the instance and answers, or refuses. */
    void register(WireServer.Connection c, Frame f, CentralMessages.Register r) {
        var i = new MessageServer.Instance(r.number(), r.address());
        if (listed(i.number())) {
            c.error(f, alreadyRegistered(i.number()));
            return;
        }
        Thread.ofVirtual().name("register-" + i.number()).start(() -> {
            try {
                check(c, f, i, r.nonce());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private boolean listed(int number) {
        return messages.instances().stream().anyMatch(x -> x.number() == number);
    }

    private static String alreadyRegistered(int number) {
        return "app-server instance " + number + " is already registered: give each instance its own number";
    }

    private void check(WireServer.Connection c, Frame f, MessageServer.Instance i, byte[] nonce)
            throws InterruptedException {
        WireClient check;
        try {
            check = WireClient.connect(
                    wire,
                    Dialer.Hop.CENTRAL_TO_APP,
                    i.address(),
                    Role.CENTRAL,
                    token,
                    timeout,
                    "app server " + i.number() + " at " + i.address());
        } catch (WireException e) {
            refuse(c, f, i, e.getMessage());
            return;
        }
        try {
            var id = CentralMessages.Identity.decode(
                    check.call(FrameType.IDENTIFY, Control.EMPTY, timeout).body());
            if (id.number() != i.number() || !MessageDigest.isEqual(id.nonce(), nonce)) {
                check.close();
                refuse(
                        c,
                        f,
                        i,
                        "the listener there is " + (id.number() == i.number() ? "another process of " : "")
                                + "instance " + id.number() + ", not the one registering");
                return;
            }
        } catch (WireException e) {
            check.close();
            refuse(c, f, i, e.getMessage());
            return;
        }
        Registered reg = new Registered(i, check, new AtomicBoolean());
        if (!messages.register(i)) {
            check.close();
            c.error(f, alreadyRegistered(i.number()));
            return;
        }
        c.attach(reg);
        if (!c.isOpen()) {
            // Its registration connection closed meanwhile, perhaps before the attachment was there to see.
            drop(reg);
            return;
        }
        check.broken().thenAccept(why -> {
            if (!why.clean()) {
                log.accept("instance " + i.number() + " at " + i.address() + " stopped answering at that address ("
                        + why + "): dropped from the logon group");
                drop(reg);
                c.close();
            }
        });
        log.accept("instance " + i.number() + " registered at " + i.address() + " (it answers there)");
        c.reply(f, Control.EMPTY);
    }

    private void refuse(WireServer.Connection c, Frame f, MessageServer.Instance i, String why) {
        String line = "the central services cannot list app server " + i.number() + " at " + i.address()
                + ", the address it registered: " + PeerText.escape(why, 400)
                + " (--advertise names an address the central services and the drivers reach)";
        log.accept("refused REGISTER from " + c.role() + " at " + c.peer() + ": " + line);
        c.error(f, line);
    }

    /** The registration connection closed: its instance leaves the logon group. */
    void closed(WireServer.Connection c) {
        if (c.attachment() instanceof Registered r) {
            drop(r);
        }
    }

    private void drop(Registered r) {
        if (!r.dropped().compareAndSet(false, true)) {
            return;
        }
        // Its dialog locks go while it is still listed: a new process of its number registers only after.
        left.accept(r.instance().number());
        messages.deregister(r.instance());
        r.check().close();
        log.accept("instance " + r.instance().number() + " at " + r.instance().address() + " left the logon group");
    }
}
