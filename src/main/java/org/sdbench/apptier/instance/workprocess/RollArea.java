package org.sdbench.apptier.instance.workprocess;

import java.util.Objects;
import org.sdbench.core.Clock;

/**
 * A work process's roll buffer. A user's context lives outside the work process between steps
 * and is copied in at the start of a step and back out at its end, so a large context costs
 * memory bandwidth on every step as it does in SAP. Confined to its work process's thread.
 */
public final class RollArea {

    private final byte[] area;
    private final Clock clock;

    public RollArea(int userContextBytes, Clock clock) {
        if (userContextBytes < 0) {
            throw new IllegalArgumentException(
                    "user context size = " + userContextBytes + " bytes is not allowed: 0 or more");
        }
        this.area = new byte[userContextBytes];
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Bytes of one user context. */
    public int size() {
        return area.length;
    }

    /** A zeroed user context of the right size, to keep with a session between its steps. */
    public byte[] newUserContext() {
        return new byte[area.length];
    }

    /** Copies the session's context into the work process; returns the nanoseconds taken. */
    public long rollIn(byte[] userContext) {
        long start = clock.nanoTime();
        System.arraycopy(check(userContext), 0, area, 0, area.length);
        return clock.nanoTime() - start;
    }

    /** Copies the work process's context back to the session; returns the nanoseconds taken. */
    public long rollOut(byte[] userContext) {
        long start = clock.nanoTime();
        System.arraycopy(area, 0, check(userContext), 0, area.length);
        return clock.nanoTime() - start;
    }

    /** Lets step logic change the rolled-in context (e.g. picking quantities), as ABAP would. */
    public void write(int offset, byte value) {
        if (offset < 0 || offset >= area.length) {
            throw new IndexOutOfBoundsException("roll area offset " + offset + " is outside 0.." + (area.length - 1));
        }
        area[offset] = value;
    }

    public byte read(int offset) {
        if (offset < 0 || offset >= area.length) {
            throw new IndexOutOfBoundsException("roll area offset " + offset + " is outside 0.." + (area.length - 1));
        }
        return area[offset];
    }

    private byte[] check(byte[] userContext) {
        if (userContext == null || userContext.length != area.length) {
            throw new IllegalArgumentException("user context of "
                    + (userContext == null ? "null" : userContext.length + " bytes")
                    + " does not fit this roll area: exactly " + area.length + " bytes expected");
        }
        return userContext;
    }
}
