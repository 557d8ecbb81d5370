package org.sdbench.apptier.instance.update;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A dialog step's view of its asynchronous update: later steps of the loop wait on it. */
public final class UpdateHandle {
    private final String vbkey;
    private final long savedNanos;
    private final CompletableFuture<UpdateOutcome> outcome = new CompletableFuture<>();

    UpdateHandle(String vbkey, long savedNanos) {
        this.vbkey = vbkey;
        this.savedNanos = savedNanos;
    }

    public String vbkey() {
        return vbkey;
    }

    public long savedNanos() {
        return savedNanos;
    }

    public boolean isDone() {
        return outcome.isDone();
    }

    void complete(UpdateOutcome o) {
        outcome.complete(o);
    }

    /** Blocks until V1 has committed or failed, at most {@code timeoutNanos}. */
    public UpdateOutcome await(long timeoutNanos) throws InterruptedException, TimeoutException {
        try {
            return outcome.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            return new UpdateOutcome.Failed(String.valueOf(e.getCause()));
        }
    }
}
