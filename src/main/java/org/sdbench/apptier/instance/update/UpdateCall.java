package org.sdbench.apptier.instance.update;

/** One update module call of an update request: V1 (business data) or V2 (statistics), with its payload. */
public record UpdateCall(String module, Priority priority, byte[] payload) {
    public enum Priority {
        V1("1"),
        V2("2");

        private final String code;

        Priority(String code) {
            this.code = code;
        }

        /** The VBMOD.vbprio value. */
        public String code() {
            return code;
        }
    }
}
