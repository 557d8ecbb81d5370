package org.sdbench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sdbench.protocol.wire.Token;
import org.sdbench.run.ChildLauncher;

/** The run engine's way to start this program's processes: {@link ChildProcesses} in the run's folder. */
final class ChildLaunch implements ChildLauncher {
    private final ChildProcesses children;

    ChildLaunch(Path folder) {
        this.children = new ChildProcesses(folder);
    }

    @Override
    public Child start(String name, List<String> args, Map<String, String> env) throws InterruptedException {
        ChildProcesses.Child c = children.start(name, args, env);
        return new Child(c.name(), c.process().pid(), c.port());
    }

    @Override
    public Token token() {
        return children.token();
    }

    @Override
    public void close() {
        children.close();
    }
}
