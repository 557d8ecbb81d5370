package org.sdbench.measure.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class MountTest {
    private static final List<Mount> MOUNTS = Mount.parse(List.of(
            "29 1 252:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard",
            "40 29 253:1 / /var/lib/postgresql rw,noatime shared:5 - xfs /dev/mapper/vg_data-lv_data rw,nobarrier",
            "41 40 253:2 / /var/lib/postgresql/15/main/pg_wal rw,noatime - xfs /dev/mapper/vg_log-lv_log rw",
            "42 29 0:50 / /mnt/my\\040disk rw - tmpfs tmpfs rw,size=10k",
            "broken line"));

    @Test
    void parse_mountinfoLines_sourceTypeAndJoinedOptionsWithoutRepeats() {
        assertEquals(4, MOUNTS.size());
        assertEquals(
                new Mount("/var/lib/postgresql", "/dev/mapper/vg_data-lv_data", "xfs", "rw,noatime,nobarrier"),
                MOUNTS.get(1));
        assertEquals("/mnt/my disk", MOUNTS.get(3).mountPoint());
    }

    @Test
    void containing_walOnItsOwnVolume_longestMountPointWins() {
        assertEquals(
                "/dev/mapper/vg_log-lv_log",
                Mount.containing(MOUNTS, "/var/lib/postgresql/15/main/pg_wal").source());
        assertEquals(
                "/dev/mapper/vg_data-lv_data",
                Mount.containing(MOUNTS, "/var/lib/postgresql/15/main").source());
        assertEquals(
                "/dev/vda", Mount.containing(MOUNTS, "/var/lib/postgresqlx").source(), "a prefix is not a parent");
    }
}
