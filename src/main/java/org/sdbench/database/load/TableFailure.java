package org.sdbench.database.load;

/** A worker's failure, naming the table it was loading. */
final class TableFailure extends Exception {
    final String table;

    TableFailure(String table, Exception cause) {
        super(table + ": " + cause.getMessage(), cause, false, false);
        this.table = table;
    }
}
