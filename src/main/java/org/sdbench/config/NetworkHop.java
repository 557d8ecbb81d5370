package org.sdbench.config;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.time.Duration;

/**
 * Emulated link on one hop between tiers: {@code delay}, {@code jitter} and {@code loss} shape requests
 * (towards the server), the {@code reply*} keys the answers. Like netem on one host's interface, a
 * request delay alone adds once to every round trip. Loss costs {@code retransmitTimeout} per lost
 * segment (TCP retransmits; the application sees time, not missing bytes).
 */
public record NetworkHop(
        Duration delay,
        Duration jitter,

        @JsonDeserialize(using = LossRate.Deserializer.class)
        double loss,

        Duration replyDelay,
        Duration replyJitter,

        @JsonDeserialize(using = LossRate.Deserializer.class)
        double replyLoss,

        Duration retransmitTimeout) {

    public static final NetworkHop NONE = new NetworkHop(null, null, 0, null, null, 0, null);

    public NetworkHop {
        delay = delay == null ? Duration.ZERO : delay;
        jitter = jitter == null ? Duration.ZERO : jitter;
        replyDelay = replyDelay == null ? Duration.ZERO : replyDelay;
        replyJitter = replyJitter == null ? Duration.ZERO : replyJitter;
        retransmitTimeout = retransmitTimeout == null ? Duration.ofMillis(200) : retransmitTimeout;
    }

    /** Whether this hop changes anything (a relay is only put in place when it does). */
    public boolean emulated() {
        return !delay.isZero()
                || !jitter.isZero()
                || loss > 0
                || !replyDelay.isZero()
                || !replyJitter.isZero()
                || replyLoss > 0;
    }

    void validate(String key) {
        for (var d : new Object[][] {
            {"delay", delay}, {"jitter", jitter}, {"replyDelay", replyDelay}, {"replyJitter", replyJitter}
        }) {
            Duration v = (Duration) d[1];
            ConfigException.require(
                    !v.isNegative() && v.compareTo(Duration.ofSeconds(10)) <= 0,
                    key + "." + d[0],
                    v,
                    "a duration from 0 to 10s");
        }
        ConfigException.require(loss >= 0 && loss < 1, key + ".loss", loss, "a loss rate in [0, 1) such as 0.1%");
        ConfigException.require(
                replyLoss >= 0 && replyLoss < 1, key + ".replyLoss", replyLoss, "a loss rate in [0, 1)");
        ConfigException.require(
                retransmitTimeout.toNanos() > 0,
                key + ".retransmitTimeout",
                retransmitTimeout,
                "a duration above 0, such as 200ms");
    }
}
