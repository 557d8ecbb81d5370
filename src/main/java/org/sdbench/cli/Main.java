package org.sdbench.cli;

/** Entry point: all behaviour lives in {@link SdbenchCommand}. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.exit(SdbenchCommand.execute(args));
    }
}
