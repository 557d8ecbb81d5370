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
            Durations.within(key + "." + d[0], (Duration) d[1], Duration.ZERO, Duration.ofSeconds(10));
        }
        ConfigException.require(loss >= 0 && loss < 1, key + ".loss", loss, "a loss rate in [0, 1) such as 0.1%");
        ConfigException.require(
                replyLoss >= 0 && replyLoss < 1, key + ".replyLoss", replyLoss, "a loss rate in [0, 1)");
        Durations.within(key + ".retransmitTimeout", retransmitTimeout, Duration.ofNanos(1000), Durations.MAX);
    }
}
