package org.sdbench.cli;

import picocli.CommandLine;

final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = SdbenchCommand.class.getPackage().getImplementationVersion();
        return new String[] {"sdbench " + (v == null ? "dev" : v) + " on Java " + Runtime.version()};
    }
}
