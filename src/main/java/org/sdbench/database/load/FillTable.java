package org.sdbench.database.load;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import org.sdbench.database.SchemaInstaller;

/**
 * The templates of a document table's SAP fields ({@code sdbench_fill_<table>}): {@link #TEMPLATES}
 * rows of the values {@link SapFields} gives loaded documents. A run's INSERT copies one
 * template's fields ({@link #insert}), so the documents it creates are as wide and as varied
 * per field as loaded ones, while the client binds one value per row instead of a hundred or more.
 * The price: 64 variants per table instead of one per row, and date fields fixed at the load's
 * date rather than near the document's.
 */
public enum FillTable implements LoadTable {
    VBAK,
    VBAP,
    VBEP,
    VBUK,
    VBUP,
    KONV,
    VAKPA,
    LIKP,
    LIPS,
    VBRK,
    VBRP,
    VBFA,
    MKPF,
    MSEG,
    BKPF,
    BSEG,
    CDHDR,
    CDPOS;

    /** Templates per table: enough that neighbouring rows differ, few enough to stay in the cache. */
    public static final int TEMPLATES = 64;

    private HistoryTable document() {
        return HistoryTable.valueOf(name());
    }

    @Override
    public String tableName() {
        return SchemaInstaller.TEMPLATE_PREFIX + document().tableName();
    }

    @Override
    public List<String> loopColumns() {
        return List.of("id");
    }

    @Override
    public SapFields sapFields() {
        return document().sapFields();
    }

    /** The SAP fields a template holds, in DDL order. */
    public List<String> fields() {
        return sapFields().columns();
    }

    @Override
    public boolean perUser() {
        return false;
    }

    @Override
    public long rows(MasterDataSpec s) {
        return TEMPLATES;
    }

    @Override
    public long rowsPerUser(MasterDataSpec s) {
        return 0;
    }

    @Override
    public void generate(OrderHistory h, int fromUser, int toUser, RowSink sink) throws IOException, SQLException {
        MasterDataSpec s = h.spec();
        FieldFillingSink out = new FieldFillingSink(
                sink, sapFields(), s.hash(500 + ordinal(), 0, 0), s.loadedAt().toLocalDate());
        for (int id = 0; id < TEMPLATES; id++) {
            out.entity(id, s.loadedAt().toLocalDate());
            out.integer(id);
            out.endRow();
        }
    }

    /**
     * The INSERT of one row of {@code table} as a run writes it: {@code values} are the SQL
     * expressions of {@code columns} (parameter markers or literals), and one more parameter, last,
     * names the template whose SAP fields the row gets ({@link #template}).
     */
    public static String insert(String table, String columns, String values) {
        FillTable f = valueOf(table.toUpperCase(Locale.ROOT));
        return "INSERT INTO " + table + " (" + columns + ", " + String.join(", ", f.fields()) + ") SELECT " + values
                + ", f." + String.join(", f.", f.fields()) + " FROM " + f.tableName() + " f WHERE f.id = ?";
    }

    /** The template of a header row, chosen by its document number: the same document gets the same fields. */
    public static int template(Object document) {
        return spread(document.hashCode());
    }

    /** The template of a row, chosen by the first three values of its key. */
    public static int template(Object a, Object b, Object c) {
        return spread((a.hashCode() * 31 + b.hashCode()) * 31 + c.hashCode());
    }

    private static int spread(long key) {
        return (int) Math.floorMod(SapFields.mix(key), (long) TEMPLATES);
    }
}
