package org.sdbench.protocol;

import org.sdbench.core.SdStep;

/** The answer to one dialog step: the outcome, where the time went, and the DB side's work. */
public record StepResult(SdStep step, StepOutcome outcome, StepTimes times, int lineItemsCompleted) {}
