package org.sdbench.apptier.instance.update;

import java.sql.SQLException;

/**
 * A save found its instance's lease taken: another process adopted this instance's update requests
 * (or started as the same instance number), so this process may not write any more of them.
 */
public final class InstanceFencedException extends SQLException {
    private final transient InstanceFence.Lease lease;

    public InstanceFencedException(InstanceFence.Lease lease) {
        super(
                "app-server instance " + lease.instance() + " was fenced: its lease (epoch " + lease.epoch()
                        + " in sdbench_fence) is no longer current, so it writes no more update requests",
                "55000");
        this.lease = lease;
    }

    public InstanceFence.Lease lease() {
        return lease;
    }
}
