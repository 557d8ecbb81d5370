package org.sdbench.network;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.Locale;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.config.LossRate;

/**
 * What one direction of an emulated link does to the bytes crossing it.
 *
 * <p>Each chunk the relay reads is held for {@code delay} plus a uniform random share of {@code jitter}.
 * TCP hides loss from the application: a lost segment is sent again after the retransmission timeout,
 * and every byte behind it waits because the stream is delivered in order. So loss is modelled as
 * time, not as missing bytes: a chunk of {@code n} bytes spans {@code ceil(n / 1448)} segments, is
 * lost with probability {@code 1 - (1 - loss)^segments}, and a lost chunk costs {@code retransmitTimeout}
 * extra (200 ms, Linux's minimum RTO, by default).
 *
 * @param delay fixed one-way delay, zero or more
 * @param jitter upper bound of the extra uniform random delay, zero or more
 * @param loss probability that one TCP segment is lost, in [0, 1)
 * @param retransmitTimeout extra delay a lost segment costs, more than zero
 */
public record LinkProfile(Duration delay, Duration jitter, double loss, Duration retransmitTimeout) {
    public static final Duration LINUX_MIN_RTO = Duration.ofMillis(200);
    public static final LinkProfile NONE = new LinkProfile(Duration.ZERO, Duration.ZERO, 0, LINUX_MIN_RTO);

    public LinkProfile {
        if (delay == null || delay.isNegative()) {
            throw new ConfigException("delay = '" + delay + "' is not allowed: a duration of zero or more");
        }
        if (jitter == null || jitter.isNegative()) {
            throw new ConfigException("jitter = '" + jitter + "' is not allowed: a duration of zero or more");
        }
        if (!(loss >= 0 && loss < 1)) {
            throw new ConfigException("loss = " + loss + " is not allowed: a fraction in [0, 1), e.g. 0.1%");
        }
        if (retransmitTimeout == null || retransmitTimeout.isNegative() || retransmitTimeout.isZero()) {
            throw new ConfigException(
                    "retransmit timeout = '" + retransmitTimeout + "' is not allowed: a duration above zero");
        }
    }

    /** This link with another cost of one lost segment. */
    public LinkProfile withRetransmitTimeout(Duration rto) {
        return new LinkProfile(delay, jitter, loss, rto);
    }

    /**
     * Parses the user's texts; {@code keyPrefix} + {@code delay}/{@code jitter}/{@code loss} name them in error
     * messages (prefix {@code network.appToDb.} or {@code --reply-}).
     */
    public static LinkProfile parse(String keyPrefix, String delay, String jitter, String loss) {
        return new LinkProfile(
                Durations.parse(keyPrefix + "delay", delay),
                Durations.parse(keyPrefix + "jitter", jitter),
                parseLoss(keyPrefix + "loss", loss),
                LINUX_MIN_RTO);
    }

    /** A fraction ({@code 0.001}) or a percentage ({@code 0.1%}). */
    public static double parseLoss(String key, String text) {
        return LossRate.parse(key, text);
    }

    public boolean isNone() {
        return delay.isZero() && jitter.isZero() && loss == 0;
    }

    /** One line for logs and reports, e.g. {@code delay 1ms, jitter 200us, loss 0.1%}. */
    public String describe() {
        return isNone()
                ? "none"
                : String.format(
                        Locale.ROOT,
                        "delay %s, jitter %s, loss %s%%",
                        Durations.format(delay),
                        Durations.format(jitter),
                        new BigDecimal(loss * 100)
                                .round(new MathContext(3))
                                .stripTrailingZeros()
                                .toPlainString());
    }
}
