package org.sdbench.protocol.wire;

import org.sdbench.core.SdStep;
import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.RunIdentity;

/** What a driver sends an app-server instance, and the answers that are not a step result. */
public final class AppMessages {
    private AppMessages() {}

    /** LOGON, ABANDON and LOGOFF: one user. */
    public record User(int user) {
        public User {
            WireIn.check("user", user, 1, Limits.MAX_USER);
        }

        public byte[] encode() {
            return new WireOut(4).i32(user).toBytes();
        }

        public static User decode(byte[] body) {
            WireIn in = new WireIn(body);
            User u = new User(in.i32("user", 1, Limits.MAX_USER));
            in.end();
            return u;
        }
    }

    /** STEP: one dialog step of one user; answered by a STEP_RESULT ({@link StepCodec}). */
    public record Step(int user, SdStep step) {
        public Step {
            WireIn.check("user", user, 1, Limits.MAX_USER);
        }

        public byte[] encode() {
            return new WireOut(5).i32(user).u8(step.ordinal()).toBytes();
        }

        public static Step decode(byte[] body) {
            WireIn in = new WireIn(body);
            int user = in.i32("user", 1, Limits.MAX_USER);
            int step = in.u8("step", 0, SdStep.LOOP.size() - 1);
            in.end();
            return new Step(user, SdStep.LOOP.get(step));
        }
    }

    /** ADOPT: process the pending update requests a dead instance left; answered by a {@link Control.Count}. */
    public record Adopt(int deadInstance) {
        public Adopt {
            WireIn.check("adopt.instance", deadInstance, 1, Limits.MAX_INSTANCE);
        }

        public byte[] encode() {
            return new WireOut(4).i32(deadInstance).toBytes();
        }

        public static Adopt decode(byte[] body) {
            WireIn in = new WireIn(body);
            Adopt a = new Adopt(in.i32("adopt.instance", 1, Limits.MAX_INSTANCE));
            in.end();
            return a;
        }
    }

    /** SHUTDOWN: drain the update queue within the bound, then stop; answered by a {@link Control.Flag} (drained). */
    public record Shutdown(int drainSeconds) {
        public Shutdown {
            WireIn.check("shutdown.drainSeconds", drainSeconds, 0, Limits.MAX_DRAIN_SECONDS);
        }

        public byte[] encode() {
            return new WireOut(4).i32(drainSeconds).toBytes();
        }

        public static Shutdown decode(byte[] body) {
            WireIn in = new WireIn(body);
            Shutdown s = new Shutdown(in.i32("shutdown.drainSeconds", 0, Limits.MAX_DRAIN_SECONDS));
            in.end();
            return s;
        }
    }

    /** PROBE: time {@code count} round trips to the central services and to the DB. */
    public record Probe(int count) {
        public Probe {
            WireIn.check("probe.count", count, 1, Limits.MAX_PROBES);
        }

        public byte[] encode() {
            return new WireOut(4).i32(count).toBytes();
        }

        public static Probe decode(byte[] body) {
            WireIn in = new WireIn(body);
            Probe p = new Probe(in.i32("probe.count", 1, Limits.MAX_PROBES));
            in.end();
            return p;
        }
    }

    /** PROBE_REPLY: the app server's two hops. */
    public record ProbeReply(RoundTrips toCentral, RoundTrips toDb) {
        public byte[] encode() {
            WireOut o = new WireOut(256);
            toCentral.write(o);
            return toDb.write(o).toBytes();
        }

        public static ProbeReply decode(byte[] body) {
            WireIn in = new WireIn(body);
            ProbeReply r = new ProbeReply(RoundTrips.read(in), RoundTrips.read(in));
            in.end();
            return r;
        }
    }

    /**
     * RUN_SETTINGS: the run's effective configuration and workload (YAML, as in the run folder: no
     * secrets), sent on every new driver connection before any logon, so an instance started with
     * other settings serves the run with the run's.
     */
    public record RunSettings(RunIdentity run, String configYaml, String workloadYaml) {
        public byte[] encode() {
            return CentralMessages.Run.write(new WireOut(configYaml.length() + workloadYaml.length() + 96), run)
                    .str(configYaml)
                    .str(workloadYaml)
                    .toBytes();
        }

        public static RunSettings decode(byte[] body) {
            WireIn in = new WireIn(body);
            RunSettings s = new RunSettings(
                    CentralMessages.Run.read(in),
                    in.str("settings.config", Limits.YAML_BYTES),
                    in.str("settings.workload", Limits.YAML_BYTES));
            in.end();
            return s;
        }
    }

    /**
     * STATS_REPLY of an app server: the interval's update figures, its totals so far, the update
     * requests of an earlier life it processed at start, and where it runs.
     */
    public record Stats(UpdateInterval updates, InstanceFigures totals, int recovered, ProcessInfo process) {
        public byte[] encode() {
            WireOut o = new WireOut(512);
            updates.write(o);
            FiguresCodec.write(o, totals).i32(recovered);
            return process.write(o).toBytes();
        }

        public static Stats decode(byte[] body) {
            WireIn in = new WireIn(body);
            Stats s = new Stats(
                    UpdateInterval.read(in),
                    FiguresCodec.read(in),
                    in.i32("stats.recovered", 0, Integer.MAX_VALUE),
                    ProcessInfo.read(in));
            in.end();
            return s;
        }
    }
}
