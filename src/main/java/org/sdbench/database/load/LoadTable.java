package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A table 'sdbench load' fills: its columns (COPY and INSERT name them; the DDL gives the rest
 * their defaults) and how its rows are generated for a range of users.
 */
public sealed interface LoadTable permits MasterTable, HistoryTable, SdTable, FillTable {
    /** The enum constant's name: the table name in upper case. */
    String name();

    /** Table name as in the DDL (lower case). */
    default String tableName() {
        return name().toLowerCase();
    }

    /** The columns the generator writes itself (the loop's columns): the DDL's defaults or {@link SapFields} the rest. */
    List<String> loopColumns();

    /** Every column a load writes: the loop's, then the table's SAP fields. */
    default List<String> columns() {
        List<String> all = new ArrayList<>(loopColumns());
        all.addAll(sapFields().columns());
        return List.copyOf(all);
    }

    /** The SAP fields 'sdbench load' fills with seeded values. */
    default SapFields sapFields() {
        return SapFields.of(tableName(), loopColumns());
    }

    /** Whether rows belong to users (and loading can be split by user ranges): the document tables' do. */
    default boolean perUser() {
        return true;
    }

    /** Rows this table gets for a whole load: of a per-user table, its rows per user for every user. */
    default long rows(MasterDataSpec s) {
        return rowsPerUser(s) * s.users();
    }

    /** Rows of one user (0 for global tables). */
    long rowsPerUser(MasterDataSpec s);

    /**
     * Writes the rows of users {@code fromUser..toUser} (inclusive) of a per-user table, or all
     * rows of a global table (the range is then ignored).
     */
    void generate(OrderHistory h, int fromUser, int toUser, RowSink out) throws IOException, SQLException;

    /** Every table in load order: master data, the document history, the templates of run-inserted rows, and the load record last (it marks a complete load). */
    static List<LoadTable> all() {
        List<LoadTable> out = new ArrayList<>();
        for (MasterTable t : MasterTable.values()) {
            if (t != MasterTable.SDBENCH_LOAD) {
                out.add(t);
            }
        }
        out.addAll(List.of(HistoryTable.values()));
        out.addAll(List.of(SdTable.values()));
        out.addAll(List.of(FillTable.values()));
        out.add(MasterTable.SDBENCH_LOAD);
        return List.copyOf(out);
    }
}
