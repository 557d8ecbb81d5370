package org.sdbench.apptier.instance.dispatcher;

import java.util.concurrent.CompletableFuture;
import org.sdbench.apptier.instance.session.UserSession;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepResult;

/** One dialog step waiting in the dispatcher queue; time in the queue is the step's wait time. */
public record DialogRequest(UserSession user, SdStep step, long enqueuedNanos, CompletableFuture<StepResult> reply) {}
