package org.sdbench.driver;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.sdbench.core.Clock;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.DialogService;

/**
 * What all users of one driver share. Kept out of {@link VirtualUser} so that a quarter of a million
 * users do not each carry the same seven references.
 */
record Crowd(
        DialogService service,
        RunMetrics metrics,
        Clock clock,
        Phases phases,
        ThinkTime think,
        AtomicInteger loggedOn,
        BooleanSupplier stopRequested) {}
