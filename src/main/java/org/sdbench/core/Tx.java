package org.sdbench.core;

/** The six SD business transactions of the benchmark loop. */
public enum Tx {
    VA01("create sales order"),
    VL01N("create outbound delivery"),
    VA03("display sales order"),
    VL02N("change delivery / post goods issue"),
    VA05("list sales orders"),
    VF01("create billing document");

    private final String title;

    Tx(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
