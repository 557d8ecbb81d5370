package org.sdbench.measure.environment;

import java.util.List;

/**
 * Where the database keeps its data, its WAL and each tablespace, down to the device, file system
 * and mount options (the layers a disk-layout note walks through). Only readable when the DB runs
 * on this host; {@code status} says why not otherwise.
 *
 * @param status "ok", or why the layout could not be read (remote server, DB2, no privilege)
 */
public record DiskLayout(String status, List<Location> locations) {

    public DiskLayout {
        locations = locations == null ? List.of() : List.copyOf(locations);
    }

    /**
     * One place the database writes to.
     *
     * @param role data, wal, or "tablespace NAME"
     * @param path as the server reports it
     * @param realPath the path with symbolic links resolved, null when not resolvable from here
     * @param device the mounted source (block device, LVM volume, overlay...)
     * @param rotational whether the block device is a spinning disk; null when unknown
     * @param note what could not be read, or null
     */
    public record Location(
            String role,
            String path,
            String realPath,
            String mountPoint,
            String device,
            String fileSystem,
            String mountOptions,
            Boolean rotational,
            String note) {}
}
