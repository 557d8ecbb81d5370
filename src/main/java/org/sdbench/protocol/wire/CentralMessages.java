package org.sdbench.protocol.wire;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.config.ConfigException;
import org.sdbench.config.HostAndPort;
import org.sdbench.protocol.RunIdentity;

/** What app servers and drivers send the central services (message server and enqueue server), and the answers. */
public final class CentralMessages {
    private CentralMessages() {}

    private static HostAndPort readAddress(WireIn in, String field) {
        String host = in.str(field + ".host", Limits.NAME_BYTES);
        int port = in.i32(field + ".port", 1, 65_535);
        if (host.isBlank()) {
            throw new WireException("frame field " + field + ".host is empty");
        }
        try {
            return new HostAndPort(host, port);
        } catch (ConfigException e) {
            throw new WireException("frame field " + field + ".host is not a host name or IP address");
        }
    }

    /**
     * REGISTER (an app server joins the logon group, reachable at {@code address}) and ROUTE_REPLY
     * (the instance a logon goes to).
     */
    public record Instance(int number, HostAndPort address) {
        public Instance {
            WireIn.check("instance", number, 1, Limits.MAX_INSTANCE);
        }

        public byte[] encode() {
            return write(new WireOut(32)).toBytes();
        }

        WireOut write(WireOut o) {
            return o.i32(number).str(address.host()).i32(address.port());
        }

        static Instance read(WireIn in) {
            return new Instance(in.i32("instance", 1, Limits.MAX_INSTANCE), readAddress(in, "instance"));
        }

        public static Instance decode(byte[] body) {
            WireIn in = new WireIn(body);
            Instance i = read(in);
            in.end();
            return i;
        }
    }

    /** How many random bytes an app server's registration carries, to be answered at its address. */
    public static final int NONCE_BYTES = 16;

    /**
     * REGISTER: an app server joins the logon group, reachable at {@code address}; the central
     * services list it only once the listener there, asked to IDENTIFY itself, answers with this
     * instance number and this nonce (so the registration was made by the process that listens there).
     */
    public record Register(int number, HostAndPort address, byte[] nonce) {
        public Register {
            WireIn.check("instance", number, 1, Limits.MAX_INSTANCE);
            WireIn.check("register.nonce", nonce.length, NONCE_BYTES, NONCE_BYTES);
        }

        public byte[] encode() {
            return new Instance(number, address)
                    .write(new WireOut(48))
                    .bytes(nonce)
                    .toBytes();
        }

        public static Register decode(byte[] body) {
            WireIn in = new WireIn(body);
            Instance i = Instance.read(in);
            Register r = new Register(i.number(), i.address(), in.bytes("register.nonce", NONCE_BYTES));
            in.end();
            return r;
        }
    }

    /** IDENTITY: the instance listening here and the nonce of its registration. */
    public record Identity(int number, byte[] nonce) {
        public Identity {
            WireIn.check("identity.instance", number, 1, Limits.MAX_INSTANCE);
            WireIn.check("identity.nonce", nonce.length, NONCE_BYTES, NONCE_BYTES);
        }

        public byte[] encode() {
            return new WireOut(32).i32(number).bytes(nonce).toBytes();
        }

        public static Identity decode(byte[] body) {
            WireIn in = new WireIn(body);
            Identity i = new Identity(
                    in.i32("identity.instance", 1, Limits.MAX_INSTANCE), in.bytes("identity.nonce", NONCE_BYTES));
            in.end();
            return i;
        }
    }

    /** RUN_BEGIN and RUN_END: the run a driver starts or ends; the same identity goes to the app servers with the run's settings. */
    public record Run(RunIdentity run) {
        public byte[] encode() {
            return write(new WireOut(96), run).toBytes();
        }

        public static Run decode(byte[] body) {
            WireIn in = new WireIn(body);
            Run r = new Run(read(in));
            in.end();
            return r;
        }

        static WireOut write(WireOut o, RunIdentity r) {
            return o.str(r.id()).str(r.name()).i64(r.startMillis());
        }

        static RunIdentity read(WireIn in) {
            String id = in.str("run.id", 12);
            String name = in.str("run.name", Limits.NAME_BYTES);
            long start = in.count("run.startMillis");
            try {
                return new RunIdentity(id, name, start);
            } catch (IllegalArgumentException e) {
                throw new WireException("frame field run: " + e.getMessage());
            }
        }
    }

    /** INSTANCES_REPLY: every registered instance. */
    public record Instances(List<Instance> all) {
        public Instances {
            all = List.copyOf(all);
        }

        public byte[] encode() {
            WireOut o = new WireOut(16 + 32 * all.size()).i32(all.size());
            all.forEach(i -> i.write(o));
            return o.toBytes();
        }

        public static Instances decode(byte[] body) {
            WireIn in = new WireIn(body);
            // Each entry takes at least 12 bytes: a count beyond what the body holds is refused before any list grows.
            int n = in.i32("instances.count", 0, Math.min(Limits.MAX_INSTANCES_LISTED, in.remaining() / 12));
            List<Instance> all = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                all.add(Instance.read(in));
            }
            in.end();
            return new Instances(all);
        }
    }

    /** ENQ_LOCK: {@code mode} is the ordinal of the enqueue server's lock mode. */
    public record Lock(String owner, String object, String key, int mode) {
        public byte[] encode() {
            return new WireOut(64).str(owner).str(object).str(key).u8(mode).toBytes();
        }

        /** @param modes how many lock modes there are: an ordinal beyond them is refused */
        public static Lock decode(byte[] body, int modes) {
            WireIn in = new WireIn(body);
            Lock l = new Lock(
                    name(in, "lock.owner"),
                    name(in, "lock.object"),
                    in.str("lock.key", Limits.NAME_BYTES),
                    in.u8("lock.mode", 0, modes - 1));
            in.end();
            return l;
        }
    }

    /** ENQ_LOCK_REPLY: granted, or who holds the lock and in which mode. */
    public record LockReply(boolean granted, String holder, int heldMode) {
        public static final LockReply GRANTED = new LockReply(true, "", 0);

        public byte[] encode() {
            return granted
                    ? new WireOut(1).u8(1).toBytes()
                    : new WireOut(32).u8(0).str(holder).u8(heldMode).toBytes();
        }

        public static LockReply decode(byte[] body, int modes) {
            WireIn in = new WireIn(body);
            LockReply r = in.bool("lock.granted")
                    ? GRANTED
                    : new LockReply(false, name(in, "lock.holder"), in.u8("lock.heldMode", 0, modes - 1));
            in.end();
            return r;
        }
    }

    /** ENQ_RELEASE_ALL: every lock of one owner; answered by a {@link Control.Count}. */
    public record ReleaseAll(String owner) {
        public byte[] encode() {
            return new WireOut(32).str(owner).toBytes();
        }

        public static ReleaseAll decode(byte[] body) {
            WireIn in = new WireIn(body);
            ReleaseAll r = new ReleaseAll(name(in, "release.owner"));
            in.end();
            return r;
        }
    }

    /** ENQ_TRANSFER: a dialog's locks handed to its update request; answered by a {@link Control.Count}. */
    public record Transfer(String from, String to) {
        public byte[] encode() {
            return new WireOut(64).str(from).str(to).toBytes();
        }

        public static Transfer decode(byte[] body) {
            WireIn in = new WireIn(body);
            Transfer t = new Transfer(name(in, "transfer.from"), name(in, "transfer.to"));
            in.end();
            return t;
        }
    }

    /** STATS_REPLY of the central services: the lock table's own counts and where it runs. */
    public record Stats(long requests, long conflicts, long lockNs, int entries, ProcessInfo process) {
        public byte[] encode() {
            return process.write(new WireOut(128)
                            .i64(requests)
                            .i64(conflicts)
                            .i64(lockNs)
                            .i32(entries))
                    .toBytes();
        }

        public static Stats decode(byte[] body) {
            WireIn in = new WireIn(body);
            Stats s = new Stats(
                    in.count("enqueue.requests"),
                    in.count("enqueue.conflicts"),
                    in.count("enqueue.lockNs"),
                    in.i32("enqueue.entries", 0, Integer.MAX_VALUE),
                    ProcessInfo.read(in));
            in.end();
            return s;
        }
    }

    private static String name(WireIn in, String field) {
        String s = in.str(field, Limits.NAME_BYTES);
        if (s.isEmpty()) {
            throw new WireException("frame field " + field + " is empty");
        }
        return s;
    }
}
