package org.sdbench.database.check;

import java.util.List;

/** The audits 'sdbench check' runs, in order. Add new audits here. */
public final class Audits {
    private Audits() {}

    public static List<Audit> standard() {
        return List.of(new MasterDataAudit(), new RunConsistencyAudit(), new DoublePostingAudit());
    }
}
