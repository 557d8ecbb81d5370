package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SapFieldsTest {
    private static final LocalDate DAY = LocalDate.of(2025, 3, 14);

    private static String rows(LoadTable t, long seed, int n) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CopyTextSink sink = new CopyTextSink((b, len) -> bytes.write(b, 0, len), null);
        for (int i = 0; i < n; i++) {
            sink.text("key");
            t.sapFields().fill(sink, seed + i, DAY);
            sink.endRow();
        }
        sink.flush();
        return bytes.toString(StandardCharsets.US_ASCII);
    }

    @Test
    void of_vbak_everyDdlFieldButClientKeyAndLoopColumns() {
        List<String> fields = HistoryTable.VBAK.sapFields().columns();
        assertEquals(177 - 1 - 9, fields.size());
        assertFalse(fields.contains("mandt"));
        assertFalse(fields.contains("vbeln"));
        assertFalse(fields.contains("netwr"));
        assertTrue(fields.containsAll(List.of("erzet", "ernam", "ktext", "bstnk", "zuonr")), fields.toString());
        assertEquals(
                List.of("externind"), MasterTable.NRIV.sapFields().columns(), "NRIV's key fields keep their defaults");
        assertEquals(List.of(), MasterTable.SDBENCH_LOAD.sapFields().columns());
    }

    @Test
    void fill_sameSeed_sameValues_otherSeed_otherValues() throws Exception {
        assertEquals(rows(HistoryTable.VBAP, 7, 50), rows(HistoryTable.VBAP, 7, 50));
        assertNotEquals(rows(HistoryTable.VBAP, 7, 50), rows(HistoryTable.VBAP, 8, 50));
    }

    @Test
    void fill_manyRows_mixOfInitialAndVariedValues() throws Exception {
        List<String> lines = rows(HistoryTable.VBAP, 1, 2000).lines().toList();
        int fields = HistoryTable.VBAP.sapFields().columns().size();
        long initial = 0;
        long total = 0;
        int varied = 0;
        for (int f = 1; f <= fields; f++) {
            Set<String> distinct = new HashSet<>();
            for (String line : lines) {
                String[] v = line.split("\t", -1);
                assertEquals(fields + 1, v.length, line);
                String value = v[f];
                total++;
                if (value.isBlank()
                        || value.matches("0+(\\.0+)?")
                        || value.equals("00:00:00")
                        || value.equals(DAY.toString())) {
                    initial++;
                }
                distinct.add(value);
            }
            if (distinct.size() > 1) {
                varied++;
            }
        }
        double share = (double) initial / total;
        // Like an SAP client's documents: many fields unused or initial, most of the others carry data.
        assertTrue(share > 0.3 && share < 0.8, "share of initial values " + share);
        assertTrue(varied > fields / 2, varied + " of " + fields + " fields take more than one value");
    }
}
